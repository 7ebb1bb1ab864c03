import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { artifactsDir } from './browser.ts';

/** The phones the phone layout is checked on (decision 0050): a small Android and an iPhone. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** A phone's browser: its viewport, touch, a mobile viewport meta honoured. */
export function phoneContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
}

/**
 * Visible elements whose right edge is past the window. Allowed: what sits in a strip that scrolls
 * sideways (its container ends inside the window), and what a clipping container hides whole (a
 * carousel's other slides). Content cut off at the window's edge is reported.
 */
export const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const excused = (el: Element, r: DOMRect) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (box.right > width + 1) continue;
        if (overflow === 'auto' || overflow === 'scroll') return true;
        if (r.left >= box.right - 1) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) return false;
      if (getComputedStyle(el).visibility === 'hidden') return false;
      return !excused(el, r);
    });
    const root = document.documentElement.scrollWidth;
    return [
      ...(root > width ? [`<html> scrollWidth ${root} > ${width}`] : []),
      ...wide.map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
    ];
  });

/** Visible buttons, links and fields with no name a screen reader could read out. */
export const unnamed = (page: Page) =>
  page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const named = (el: Element) =>
      !!(
        el.getAttribute('aria-label')?.trim() ||
        el.getAttribute('aria-labelledby') ||
        el.getAttribute('title')?.trim() ||
        el.textContent?.trim() ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
        el.closest('label')
      );
    return [...document.querySelectorAll('button, a[href], [role="button"], [role="tab"], input:not([type="hidden"]), select, textarea')]
      .filter((el) => visible(el) && !named(el))
      .map((el) => el.outerHTML.slice(0, 140));
  });

/** The phone chrome's controls (top bar, tab bar, mini player) smaller than a 44 px tap target. */
export const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'header:not(main header) button, header:not(main header) a[href], [data-testid="tab-bar"] a, [data-testid="mini-player"] button',
      ),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // the skip link waits off screen until it is focused
        return r.width > 0 && r.right > 0 && (r.width < 43.5 || r.height < 43.5);
      })
      .map(
        (el) =>
          `${el.getAttribute('aria-label') ?? el.textContent} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`,
      ),
  );

/** A finger on the touch screen, through the DevTools protocol: swipes and long presses. */
export class Finger {
  private constructor(private readonly cdp: CDPSession) {}

  static async on(page: Page): Promise<Finger> {
    return new Finger(await page.context().newCDPSession(page));
  }

  down(x: number, y: number) {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  }

  up() {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /** From one point to another in even steps, then lifted. */
  async swipe(from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) {
    await this.down(from.x, from.y);
    for (let i = 1; i <= steps; i++) {
      const x = from.x + ((to.x - from.x) * i) / steps;
      const y = from.y + ((to.y - from.y) * i) / steps;
      await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await this.up();
  }
}

/** The middle of an element on screen. */
export async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A phone screen photographed once its opening animations have run (phone-<name>.png among the artifacts). */
export async function phoneShot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: `${artifactsDir}phone-${name}.png`, animations: 'disabled' });
}
