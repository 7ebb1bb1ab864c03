import { useEffect, useState } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { desktopBridge, type LyricWindowState } from '../../lib/platform.ts';
import styles from './desktop-lyric.module.css';

const FONT_KEY = 'cloudtune-desktop-lyric-font';
const FONT_SIZES = [20, 24, 28, 32, 38, 44] as const;

const savedFont = (): number => {
  const n = Number(globalThis.localStorage?.getItem(FONT_KEY));
  return (FONT_SIZES as readonly number[]).includes(n) ? n : 32;
};

/**
 * #/desktop-lyric: the page of the desktop lyric window (桌面歌词). It holds no player: the main
 * window sends the line being sung through the shell, and this page only shows it — the current
 * line large, the next one below — with font size, colour, 锁定 (clicks go through) and a close
 * button on hover. The whole window is a drag handle (frameless) unless locked.
 */
export function DesktopLyricPage() {
  const [state, setState] = useState<LyricWindowState | null>(null);
  const [font, setFont] = useState(savedFont);
  const [accent, setAccent] = useState(() => globalThis.localStorage?.getItem(`${FONT_KEY}-accent`) !== 'white');
  const [locked, setLocked] = useState(() => globalThis.localStorage?.getItem(`${FONT_KEY}-locked`) === '1');

  useEffect(() => {
    document.documentElement.dataset.window = 'desktop-lyric';
    document.title = '桌面歌词';
    return desktopBridge()?.lyricWindow?.onUpdate?.(setState);
  }, []);

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
      <main className={`${styles.window} ${styles.locked} ${accent ? styles.accent : ''}`} data-testid="desktop-lyric" data-locked="true">
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
        <Lines state={state} font={font} />
      </main>
    );
  }
  return (
    <main className={`${styles.window} ${accent ? styles.accent : ''}`} data-testid="desktop-lyric">
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
      <Lines state={state} font={font} />
    </main>
  );
}

function Lines({ state, font }: { state: LyricWindowState | null; font: number }) {
  const line = state?.line || state?.song || 'Cloudtune 云音乐';
  return (
    <>
      <p className={styles.current} style={{ fontSize: font }} data-testid="desktop-lyric-line" aria-live="polite">
        {line}
      </p>
      <p className={styles.next} style={{ fontSize: Math.round(font * 0.62) }} data-testid="desktop-lyric-next">
        {state?.next ?? ''}
      </p>
    </>
  );
}
