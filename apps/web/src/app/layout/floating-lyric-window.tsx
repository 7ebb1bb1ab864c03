import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLyricsStore } from '../../features/lyrics/index.ts';
import { artistNames, playbackPosition, playbackRate, usePlaybackTime, usePlayerStore, usePlaying } from '../../features/player/index.ts';
import styles from './floating-lyric-window.module.css';

const loadPanel = () => import('../../features/lyrics/panel.ts');
const FloatingLyric = lazy(() => loadPanel().then((m) => ({ default: m.FloatingLyric })));

/** Document Picture-in-Picture, where the browser has it (Chromium 116+, secure pages only). */
interface DocumentPictureInPicture {
  requestWindow: (options: { width: number; height: number }) => Promise<Window>;
}
export const documentPip = (): DocumentPictureInPicture | undefined =>
  (globalThis.window as (Window & { documentPictureInPicture?: DocumentPictureInPicture }) | undefined)?.documentPictureInPicture;

const SIZE = { width: 520, height: 150 };

/**
 * The app's look in the floating window: every stylesheet of the page (the lazily loaded lyric
 * styles too, loaded before this runs), and the root's theme colour and colour scheme, kept in
 * step while the window is open. Returns the stop of that following.
 */
function dressLike(pip: Window): () => void {
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      const style = pip.document.createElement('style');
      style.textContent = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
      pip.document.head.append(style);
    } catch {
      // A sheet from another origin hides its rules: link it instead.
      if (!sheet.href) continue;
      const link = pip.document.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet.href;
      pip.document.head.append(link);
    }
  }
  const root = document.documentElement;
  const copyRoot = () => {
    pip.document.documentElement.setAttribute('style', root.getAttribute('style') ?? '');
    if (root.dataset.theme) pip.document.documentElement.dataset.theme = root.dataset.theme;
    else delete pip.document.documentElement.dataset.theme;
  };
  copyRoot();
  // The language picks the Chinese faces of the font stack, as in the app.
  pip.document.documentElement.lang = root.lang;
  pip.document.title = '桌面歌词';
  const observer = new MutationObserver(copyRoot);
  observer.observe(root, { attributes: true, attributeFilter: ['style', 'data-theme'] });
  return () => observer.disconnect();
}

/** Opens the floating window, dressed like the app, with the lyric's code and styles loaded. */
async function openFloatingWindow(): Promise<{ pip: Window; stop: () => void }> {
  const pip = documentPip();
  if (!pip) throw new Error('这个浏览器没有画中画窗口');
  // requestWindow first: it needs the click's user activation, which an await before it could outlive.
  const [win] = await Promise.all([pip.requestWindow(SIZE), loadPanel()]);
  return { pip: win, stop: dressLike(win) };
}

/** Every change of the stored playhead (the ticks of playback, every seek). */
const subscribePlayhead = (listener: () => void) => usePlaybackTime.subscribe(listener);

/**
 * The browser's 桌面歌词: the floating lyric rendered into the Picture-in-Picture window's body
 * by a portal (same React tree: the query cache and the stores are the app's), on the player's
 * own clock — no second clock to keep in step, unlike the desktop lyric window.
 */
export function FloatingLyricWindow({ pip }: { pip: Window }) {
  const current = usePlayerStore((s) => s.current);
  const playing = usePlaying();
  const showTranslation = useLyricsStore((s) => s.showTranslation);
  const label = current ? [current.name, artistNames(current)].filter(Boolean).join(' - ') : 'Cloudtune 云音乐';
  const content: ReactNode = (
    <main className={styles.window} data-testid="floating-lyric">
      <Suspense fallback={null}>
        <FloatingLyric
          songId={current?.id ?? 0}
          label={label}
          showTranslation={showTranslation}
          playing={playing}
          getTime={playbackPosition}
          getRate={playbackRate}
          subscribeTime={subscribePlayhead}
        />
      </Suspense>
    </main>
  );
  return createPortal(content, pip.document.body);
}

/** The open floating window, or null; null again once the window is closed (by us or by its own ×). */
export function useFloatingWindow(): [Window | null, (open: boolean) => void] {
  const [pip, setPip] = useState<{ pip: Window; stop: () => void } | null>(null);
  useEffect(() => {
    if (!pip) return;
    const closed = () => {
      pip.stop();
      setPip(null);
    };
    pip.pip.addEventListener('pagehide', closed, { once: true });
    return () => {
      pip.pip.removeEventListener('pagehide', closed);
      pip.stop();
      pip.pip.close();
    };
  }, [pip]);
  const toggle = (open: boolean) => {
    if (!open) return setPip(null);
    if (pip) return;
    openFloatingWindow().then(setPip, (error: unknown) => console.warn('桌面歌词', error));
  };
  return [pip?.pip ?? null, toggle];
}
