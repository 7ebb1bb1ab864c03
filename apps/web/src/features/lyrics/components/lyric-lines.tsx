import { memo, useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createLyricFollower, RECENTER_MS, type LyricFollower } from '../lyric-follower.ts';
import type { PanelLine } from '../hooks/use-panel-lyric.ts';
import styles from './lyric-panel.module.css';

export interface LyricClock {
  /** the playhead in seconds, to the millisecond */
  getTime: () => number;
  /** called on every change of the stored playhead: the ticks of playback and every seek */
  subscribeTime: (listener: () => void) => () => void;
  playing: boolean;
  /** the song's speed (1 = normal): words fill at it */
  getRate?: () => number;
}

interface LyricLinesProps extends LyricClock {
  lines: PanelLine[];
  showTranslation: boolean;
  /**
   * panel: every line, the current one centred, a click seeks there, the user may scroll.
   * floating (桌面歌词): the current line on top with what follows below, read only.
   */
  variant?: 'panel' | 'floating';
  /** the panel's seek; a floating lyric has none */
  onSeek?: (seconds: number) => void;
}

/** keys that scroll the list: the user takes over the scroll position for a while */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

/**
 * The scrolling lyric: the current line highlighted and kept in view, words filling as they are
 * sung. React renders the lines once per song (and per 译 toggle); the follower moves the
 * highlight from one animation-frame loop or timer (lyric-follower.ts).
 */
export function LyricLines({
  lines,
  showTranslation,
  variant = 'panel',
  playing,
  getTime,
  getRate,
  subscribeTime,
  onSeek,
}: LyricLinesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const follower = useRef<LyricFollower | null>(null);
  const recenterTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A new set of lines (or translations that change their heights): follow from where the song is, centred at once.
  useLayoutEffect(() => {
    if (!scroller.current || !list.current) return;
    const elements = Array.from(list.current.children) as HTMLElement[];
    const current = createLyricFollower(scroller.current, lines, () => elements, variant === 'floating' ? 'start' : 'center');
    follower.current = current;
    current.update(getTime());
    current.recenter(false);
    // A floating lyric's window is resized by hand: the current line stays on top.
    const resized =
      variant === 'floating' && typeof ResizeObserver === 'function' ? new ResizeObserver(() => current.recenter(false)) : null;
    resized?.observe(scroller.current);
    return () => {
      clearTimeout(recenterTimer.current);
      resized?.disconnect();
      current.dispose();
    };
  }, [lines, showTranslation, getTime, variant]);

  useEffect(() => {
    const current = follower.current;
    if (!current) return;
    // The frames of the window the lines are in: a floating lyric's own window keeps painting
    // while the app's tab is in the background.
    const view = scroller.current?.ownerDocument.defaultView ?? window;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      frame = 0;
      clearTimeout(timer);
      const wait = current.update(getTime(), playing, getRate?.() ?? 1);
      if (!playing || wait === Infinity) return;
      // Sleep until the next word or line (re-synced on every playhead tick); a change due now waits a frame.
      if (wait < 0.02) frame = view.requestAnimationFrame(tick);
      else timer = setTimeout(tick, Math.min(wait * 1000, 1000));
    };
    const unsubscribe = subscribeTime(() => frame === 0 && tick());
    tick();
    return () => {
      view.cancelAnimationFrame(frame);
      clearTimeout(timer);
      unsubscribe();
    };
  }, [lines, showTranslation, playing, getTime, getRate, subscribeTime]);

  const scrolledByUser = () => {
    follower.current?.userScrolled();
    clearTimeout(recenterTimer.current);
    recenterTimer.current = setTimeout(() => follower.current?.recenter(), RECENTER_MS);
  };

  const seek = useCallback(
    (line: PanelLine) => {
      if (!onSeek) return;
      onSeek(line.time);
      follower.current?.update(line.time);
      follower.current?.recenter();
    },
    [onSeek],
  );

  if (variant === 'floating') {
    return (
      <div ref={scroller} className={`${styles.scroller} ${styles.floating}`} data-testid="lyric-scroller">
        <div ref={list} className={styles.list}>
          {lines.map((line, i) => (
            <Line key={i} line={line} index={i} showTranslation={showTranslation} />
          ))}
        </div>
      </div>
    );
  }
  return (
    <div
      ref={scroller}
      className={styles.scroller}
      data-testid="lyric-scroller"
      onWheel={scrolledByUser}
      onTouchMove={scrolledByUser}
      // A press on the scrollbar itself (the scroller, not a line) drags the list.
      onPointerDown={(e) => e.target === e.currentTarget && scrolledByUser()}
      onKeyDown={(e) => SCROLL_KEYS.has(e.key) && scrolledByUser()}
    >
      <div ref={list} className={styles.list}>
        {lines.map((line, i) => (
          <Line key={i} line={line} index={i} showTranslation={showTranslation} onSeek={seek} />
        ))}
      </div>
    </div>
  );
}

const Line = memo(function Line({
  line,
  index,
  showTranslation,
  onSeek,
}: {
  line: PanelLine;
  index: number;
  showTranslation: boolean;
  /** a click or Enter on the line seeks there; without it the line is only read */
  onSeek?: (line: PanelLine) => void;
}) {
  // Blank lines mark where the voice rests: nothing to read or to click.
  if (line.lyric === '') return <p className={styles.blank} aria-hidden="true" data-index={index} />;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onSeek?.(line);
  };
  const seekable = onSeek ? { role: 'button', tabIndex: 0, onClick: () => onSeek(line), onKeyDown } : {};
  return (
    <p {...seekable} className={styles.line} data-testid="lyric-line" data-index={index} data-time={line.time}>
      <span className={styles.text}>
        {line.words.length
          ? line.words.map((word, j) => (
              <span key={j} className={styles.word} data-word="">
                {word.text}
                {/* the word lit, revealed as it is sung (lyric-follower.ts); drawn by CSS so the line's text stays once */}
                <span className={styles.lit} data-lit="" aria-hidden="true">
                  <span className={styles.litText} data-text={word.text} />
                </span>
              </span>
            ))
          : line.lyric}
      </span>
      {showTranslation && line.translation ? (
        <span className={styles.translation} data-testid="lyric-translation">
          {line.translation}
        </span>
      ) : null}
    </p>
  );
});
