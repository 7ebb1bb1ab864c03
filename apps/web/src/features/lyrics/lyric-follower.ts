import { currentLineIndex, wordProgress } from '@cloudtune/lrc';
import type { PanelLine } from './hooks/use-panel-lyric.ts';

/**
 * Follows the playhead in the lyric panel without React: one call per change marks the line being
 * sung (class + aria-current), fills its words and keeps the line centred, unless the user
 * scrolled away in the last RECENTER_MS. The panel calls `update()` on every playhead tick and
 * from a timer set for the next word or line: no React render and no script per frame.
 *
 * A word fills on the compositor: its lit copy is revealed by a transform animation (Web
 * Animations, at the song's speed, paused with it), re-synced on every update. `--fill` on the
 * word holds the fill at the last update: CSS draws that where animations are not available.
 * Filling by repainting a gradient every frame cost a fifth of a core.
 */
export const RECENTER_MS = 3000;
export const ACTIVE_CLASS = 'is-active';
export const SUNG_CLASS = 'is-sung';

export interface LyricFollower {
  /**
   * brings the lines up to `time` (song seconds), the song playing or not at `rate`; returns the
   * wall-clock seconds until the next word or line
   */
  update: (time: number, playing?: boolean, rate?: number) => number;
  /** the user scrolls: leave the scroll position alone for RECENTER_MS */
  userScrolled: (now?: number) => void;
  /** centre the current line now (after a click on a line, or the pause after a scroll) */
  recenter: (smooth?: boolean) => void;
  /** the time the user may still scroll freely until (performance.now() clock) */
  readonly freeUntil: number;
  /**
   * leaves the lines as React drew them, for good: the current line unmarked, its fill stopped,
   * later updates ignored. A follower
   * replaced by another (new lines, 译 toggled) must not leave its fill behind: a paused fill
   * left on a word would show over the next follower's.
   */
  dispose: () => void;
}

/** an animation this far from the playhead is moved back to it */
const DRIFT_MS = 40;
const REVEAL: Keyframe[] = [{ transform: 'translateX(-100%)' }, { transform: 'none' }];
const COUNTER: Keyframe[] = [{ transform: 'translateX(100%)' }, { transform: 'none' }];

/** The compositor animations filling one word: its lit box moves in while the text inside stays put. */
function revealWord(word: HTMLElement, durationMs: number): Animation[] {
  const lit = word.querySelector<HTMLElement>('[data-lit]');
  const text = lit?.firstElementChild as HTMLElement | null | undefined;
  if (!lit || !text || typeof lit.animate !== 'function') return [];
  const timing: KeyframeAnimationOptions = { duration: Math.max(1, durationMs), fill: 'forwards', easing: 'linear' };
  return [lit.animate(REVEAL, timing), text.animate(COUNTER, timing)];
}

/** Where the current line is kept: the panel's middle, or the top of a floating lyric (the lines after it below). */
export type LyricAlign = 'center' | 'start';

export function createLyricFollower(
  scroller: HTMLElement,
  lines: readonly PanelLine[],
  lineElements: () => HTMLElement[],
  align: LyricAlign = 'center',
): LyricFollower {
  let active = -1;
  /** in the active line: words before this index are marked sung */
  let sungUpTo = 0;
  let fillingWord: HTMLElement | null = null;
  let fillAnimations: Animation[] = [];
  let freeUntil = 0;
  let disposed = false;

  const stopFill = () => {
    for (const a of fillAnimations) a.cancel();
    fillAnimations = [];
  };

  const center = (smooth: boolean) => {
    const el = lineElements()[active];
    if (!el) return;
    const top = align === 'start' ? el.offsetTop : el.offsetTop + el.offsetHeight / 2 - scroller.clientHeight / 2;
    if (Math.abs(scroller.scrollTop - top) < 1) return;
    scroller.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  };

  const wordsOf = (index: number) => (lineElements()[index]?.querySelectorAll<HTMLElement>('[data-word]') ?? []) as ArrayLike<HTMLElement>;

  const leaveLine = (index: number) => {
    stopFill();
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

  const fillWords = (line: PanelLine, time: number, playing: boolean, rate: number): number => {
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
    if (fillingWord && fillingWord !== word) {
      fillingWord.style.removeProperty('--fill');
      stopFill();
    }
    if (word && fillingWord !== word) fillAnimations = revealWord(word, line.words[index]!.duration * 1000);
    fillingWord = word;
    if (word) {
      const sung = line.words[index]!;
      word.style.setProperty('--fill', `${(fraction * 100).toFixed(1)}%`);
      const at = fraction * sung.duration * 1000;
      for (const a of fillAnimations) {
        if (a.playbackRate !== rate) a.playbackRate = rate;
        if (Math.abs(Number(a.currentTime ?? 0) - at) > DRIFT_MS) a.currentTime = at;
        if (playing && a.playState !== 'running') a.play();
        else if (!playing && a.playState === 'running') a.pause();
      }
      return sung.time + sung.duration - time;
    }
    // Before the first word: wake up when it starts; after the last: at the next line.
    return index < 0 ? line.words[0]!.time - time : Infinity;
  };

  return {
    update(time, playing = true, rate = 1) {
      // A tick already scheduled may still come after dispose(): it changes nothing.
      if (disposed) return Infinity;
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
      const untilWord = line && line.words.length ? fillWords(line, time, playing, rate) : Infinity;
      return Math.max(0, Math.min(untilNextLine, untilWord)) / (rate > 0 ? rate : 1);
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
    dispose() {
      disposed = true;
      if (active >= 0) leaveLine(active);
      active = -1;
      fillingWord = null;
    },
  };
}
