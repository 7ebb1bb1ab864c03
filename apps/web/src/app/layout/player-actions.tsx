import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/button.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { downloadSongs } from '../../features/downloads/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { notify } from '../../lib/notice.ts';
import { desktopBridge, isDesktop, type Platform } from '../../lib/platform.ts';
import { documentPip, FloatingLyricWindow, useFloatingWindow } from './floating-lyric-window.tsx';
import styles from './player-actions.module.css';

/** 桌面歌词 (desktop): opens or closes the lyric window; follows it when it is closed by its own button. */
function DesktopLyricButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => desktopBridge()?.lyricWindow?.onVisibilityChange?.(setOpen), []);
  const toggle = () =>
    void desktopBridge()
      ?.lyricWindow?.setVisible(!open)
      .then(setOpen, (error: unknown) => notify({ kind: 'error', message: `桌面歌词打不开：${(error as Error).message}` }));
  return (
    <Button
      variant="icon"
      size="md"
      tone="accent"
      active={open}
      className={styles.glyph}
      aria-label="桌面歌词"
      aria-pressed={open}
      title="桌面歌词"
      onClick={toggle}
      data-testid="desktop-lyric-toggle"
    >
      词
    </Button>
  );
}

/** 桌面歌词 (browser): opens or closes the floating lyric in a Picture-in-Picture window. */
function FloatingLyricButton() {
  const [pip, setOpen] = useFloatingWindow();
  return (
    <>
      <Button
        variant="icon"
        size="md"
        tone="accent"
        active={!!pip}
        className={styles.glyph}
        aria-label="桌面歌词"
        aria-pressed={!!pip}
        title="桌面歌词"
        onClick={() => setOpen(!pip)}
        data-testid="floating-lyric-toggle"
      >
        词
      </Button>
      {pip ? <FloatingLyricWindow pip={pip} /> : null}
    </>
  );
}

/**
 * Whether this browser can float the lyric. The server draws the first screen without a window,
 * so hydration starts from "no" (its snapshot) and React shows the button right after: never a
 * mismatch between the server's markup and the client's first render.
 */
const floatingWindowAvailable = () => !desktopBridge() && !!documentPip();
const neverChanges = () => () => undefined;

/**
 * The player bar's buttons for the playing song that need other features: 下载, and 桌面歌词 —
 * the shell's lyric window on the desktop; in a browser with Document Picture-in-Picture, the
 * floating window (hidden where the browser has none, and inside the shell, which has its own).
 */
export function PlayerActions({ platform }: { platform: Platform }) {
  const current = usePlayerStore((s) => s.current);
  const canFloat = useSyncExternalStore(neverChanges, floatingWindowAvailable, () => false);
  // Local files (negative ids) are on disk already.
  const canDownload = !!current && current.id > 0;
  return (
    <>
      <Button
        variant="icon"
        size="md"
        tone="accent"
        aria-label="下载"
        title="下载"
        disabled={!canDownload}
        onClick={() => current && downloadSongs([current])}
      >
        <DownloadIcon size={18} />
      </Button>
      {isDesktop(platform) ? desktopBridge()?.lyricWindow ? <DesktopLyricButton /> : null : canFloat ? <FloatingLyricButton /> : null}
    </>
  );
}
