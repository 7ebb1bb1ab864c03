import { currentLineIndex, wordProgress } from '@cloudtune/lrc';
import type { PanelLine } from './hooks/use-panel-lyric.ts';

/**
 * Follows the playhead in the lyric panel without React: one call per change marks the line being
 * sung (class + aria-current), fills its words (a CSS variable on the one word being sung) and
 * keeps the line centred, unless the user scrolled away in the last RECENTER_MS. The panel calls
 * `update()` from one requestAnimationFrame loop while a word fills, and from a timer set for the
 * next line otherwise: no React render per frame, and no frame at all between lines.
 */
export const RECENTER_MS = 3000;
export const ACTIVE_CLASS = 'is-active';
export const SUNG_CLASS = 'is-sung';

export interface LyricFollower {
  /** brings the lines up to `time` (seconds); returns the seconds until the next change: 0 = next frame */
  update: (time: number) => number;
  /** the user scrolls: leave the scroll position alone for RECENTER_MS */
  userScrolled: (now?: number) => void;
  /** centre the current line now (after a click on a line, or the pause after a scroll) */
  recenter: (smooth?: boolean) => void;
  /** the time the user may still scroll freely until (performance.now() clock) */
  readonly freeUntil: number;
}

export function createLyricFollower(scroller: HTMLElement, lines: readonly PanelLine[], lineElements: () => HTMLElement[]): LyricFollower {
  let active = -1;
  /** in the active line: words before this index are marked sung */
  let sungUpTo = 0;
  let fillingWord: HTMLElement | null = null;
  let freeUntil = 0;

  const center = (smooth: boolean) => {
    const el = lineElements()[active];
    if (!el) return;
    const top = el.offsetTop + el.offsetHeight / 2 - scroller.clientHeight / 2;
    if (Math.abs(scroller.scrollTop - top) < 1) return;
    scroller.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  };

  const wordsOf = (index: number) => (lineElements()[index]?.querySelectorAll<HTMLElement>('[data-word]') ?? []) as ArrayLike<HTMLElement>;

  const leaveLine = (index: number) => {
    const el = lineElements()[index];
    if (!el) return;
    el.classList.remove(ACTIVE_CLASS);
    el.removeAttribute('aria-current');
    const words = wordsOf(index);
    for (let i = 0; i < words.length; i++) {
      words[i]!.classList.remove(SUNG_CLASS);
      words[i]!.style.removeProperty('--fill');
    }
  };

  const fillWords = (line: PanelLine, time: number): number => {
    const { index, fraction } = wordProgress(line, time);
    const words = wordsOf(active);
    const upTo = Math.min(Math.max(index, 0), words.length);
    // A seek back within the line takes the fill back too.
    for (; sungUpTo > upTo; sungUpTo--) words[sungUpTo - 1]!.classList.remove(SUNG_CLASS);
    for (; sungUpTo < upTo; sungUpTo++) {
      words[sungUpTo]!.classList.add(SUNG_CLASS);
      words[sungUpTo]!.style.removeProperty('--fill');
    }
    const word = index >= 0 && index < words.length ? words[index]! : null;
    if (fillingWord && fillingWord !== word) fillingWord.style.removeProperty('--fill');
    fillingWord = word;
    if (word) {
      word.style.setProperty('--fill', `${(fraction * 100).toFixed(1)}%`);
      return 0;
    }
    // Before the first word: wake up when it starts; after the last: at the next line.
    return index < 0 ? line.words[0]!.time - time : Infinity;
  };

  return {
    update(time) {
      const index = currentLineIndex(lines, time);
      if (index !== active) {
        if (active >= 0) leaveLine(active);
        active = index;
        sungUpTo = 0;
        fillingWord = null;
        const el = lineElements()[index];
        if (el) {
          el.classList.add(ACTIVE_CLASS);
          el.setAttribute('aria-current', 'true');
        }
        if (performance.now() >= freeUntil) center(true);
      }
      const untilNextLine = index + 1 < lines.length ? lines[index + 1]!.time - time : Infinity;
      const line = lines[index];
      const untilWord = line && line.words.length ? fillWords(line, time) : Infinity;
      return Math.max(0, Math.min(untilNextLine, untilWord));
    },
    userScrolled(now = performance.now()) {
      freeUntil = now + RECENTER_MS;
    },
    recenter(smooth = true) {
      freeUntil = 0;
      center(smooth);
    },
    get freeUntil() {
      return freeUntil;
    },
  };
}
