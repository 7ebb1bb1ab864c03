import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { desktopBridge, type LyricWindowState } from '../../lib/platform.ts';
import { createLyricWindowClock } from './lyric-window-clock.ts';
import styles from './desktop-lyric.module.css';

/** What the window's lyric follows: the song the main window plays, and a clock kept from its ticks. */
export interface DesktopLyricView {
  songId: number;
  /** `歌名 - 歌手`, or the app's name when nothing plays */
  label: string;
  showTranslation: boolean;
  playing: boolean;
  getTime: () => number;
  getRate: () => number;
  subscribeTime: (listener: () => void) => () => void;
}

interface Shown {
  songId: number;
  label: string;
  showTranslation: boolean;
  playing: boolean;
}

const NOTHING: Shown = { songId: 0, label: 'Cloudtune 云音乐', showTranslation: false, playing: false };

const FONT_KEY = 'cloudtune-desktop-lyric-font';
const FONT_SIZES = [20, 24, 28, 32, 38, 44] as const;

const savedFont = (): number => {
  const n = Number(globalThis.localStorage?.getItem(FONT_KEY));
  return (FONT_SIZES as readonly number[]).includes(n) ? n : 32;
};

/**
 * #/desktop-lyric: the page of the desktop lyric window (桌面歌词). It holds no player: the main
 * window sends the playing song and its playhead through the shell, and `lyric` (the app's
 * floating lyric) shows the song's lines — the current one large with its words filling, the next
 * below — with font size, colour, 锁定 (clicks go through) and a close button on hover. The whole
 * window is a drag handle (frameless) unless locked.
 */
export function DesktopLyricPage({ lyric }: { lyric: (view: DesktopLyricView) => ReactNode }) {
  const [clock] = useState(() => createLyricWindowClock());
  const [shown, setShown] = useState<Shown>(NOTHING);
  const [font, setFont] = useState(savedFont);
  const [accent, setAccent] = useState(() => globalThis.localStorage?.getItem(`${FONT_KEY}-accent`) !== 'white');
  const [locked, setLocked] = useState(() => globalThis.localStorage?.getItem(`${FONT_KEY}-locked`) === '1');

  useEffect(() => {
    document.documentElement.dataset.window = 'desktop-lyric';
    document.title = '桌面歌词';
    // Every tick moves the clock; the page renders again only when the song, 译 or play/pause change.
    return desktopBridge()?.lyricWindow?.onUpdate?.((state) => {
      clock.receive(state);
      setShown((before) => {
        const next = shownOf(state);
        return (Object.keys(next) as (keyof Shown)[]).every((k) => next[k] === before[k]) ? before : next;
      });
    });
  }, [clock]);

  const view: DesktopLyricView = { ...shown, getTime: clock.getTime, getRate: clock.getRate, subscribeTime: clock.subscribeTime };
  const fontStyle = { '--lyric-font': `${font}px` } as CSSProperties;

  // 锁定: clicks go through the window; the shell still sends mouse moves, so hovering 解锁 takes clicks again.
  const clickThrough = (on: boolean) =>
    void desktopBridge()
      ?.lyricWindow?.setClickThrough?.(on)
      .catch(() => undefined);
  useEffect(() => {
    clickThrough(locked);
    localStorage.setItem(`${FONT_KEY}-locked`, locked ? '1' : '0');
  }, [locked]);

  const changeFont = (step: number) => {
    const at = FONT_SIZES.indexOf(font as (typeof FONT_SIZES)[number]);
    const next = FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, at + step))]!;
    setFont(next);
    localStorage.setItem(FONT_KEY, String(next));
  };
  const toggleColour = () => {
    setAccent(!accent);
    localStorage.setItem(`${FONT_KEY}-accent`, accent ? 'white' : 'theme');
  };

  if (locked) {
    return (
      <main
        className={`${styles.window} ${styles.locked} ${accent ? styles.accent : ''}`}
        style={fontStyle}
        data-testid="desktop-lyric"
        data-locked="true"
      >
        <div className={styles.tools}>
          <button
            type="button"
            aria-label="解锁桌面歌词"
            onMouseEnter={() => clickThrough(false)}
            onMouseLeave={() => clickThrough(true)}
            onClick={() => setLocked(false)}
          >
            解锁
          </button>
        </div>
        {lyric(view)}
      </main>
    );
  }
  return (
    <main className={`${styles.window} ${accent ? styles.accent : ''}`} style={fontStyle} data-testid="desktop-lyric">
      <div className={styles.tools} role="toolbar" aria-label="桌面歌词设置">
        <button type="button" aria-label="缩小字体" onClick={() => changeFont(-1)}>
          A-
        </button>
        <button type="button" aria-label="放大字体" onClick={() => changeFont(1)}>
          A+
        </button>
        <button type="button" aria-label="切换颜色" onClick={toggleColour}>
          色
        </button>
        <button type="button" aria-label="锁定桌面歌词" onClick={() => setLocked(true)}>
          锁定
        </button>
        <button type="button" aria-label="关闭桌面歌词" onClick={() => void desktopBridge()?.lyricWindow?.setVisible(false)}>
          <CloseIcon size={14} />
        </button>
      </div>
      {lyric(view)}
    </main>
  );
}

const shownOf = (state: LyricWindowState): Shown => ({
  songId: state.songId,
  label: state.song || NOTHING.label,
  showTranslation: state.translation,
  playing: state.playing,
});
