import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { sizedImage } from '../../../lib/image.ts';
import { usePanelLyric } from '../hooks/use-panel-lyric.ts';
import { useLyricsStore } from '../lyrics.store.ts';
import { LyricLines, type LyricClock } from './lyric-lines.tsx';
import styles from './lyric-panel.module.css';

/** The song the panel is about: the player's current song fits. */
export interface LyricPanelSong {
  id: number;
  name: string;
  alia?: string[];
  ar: { id: number; name: string | null }[];
  al: { id: number; name: string | null; picUrl?: string | null };
}

export interface LyricPanelProps extends LyricClock {
  song: LyricPanelSong;
  onSeek: (seconds: number) => void;
  onClose: () => void;
}

const COVER_PX = 280;

/**
 * The full lyric panel over the app (above the player bar): cover, song, artists and album, and
 * the lyric scrolling with the song; a click on a line seeks there. Closes with Escape or 收起歌词.
 * The app passes the song, the clock and the seek: the lyrics feature knows nothing of the player.
 */
export function LyricPanel({ song, onSeek, onClose, ...clock }: LyricPanelProps) {
  const lyric = usePanelLyric(song.id);
  const showTranslation = useLyricsStore((s) => s.showTranslation);
  const setShowTranslation = useLyricsStore((s) => s.setShowTranslation);
  const dialog = useRef<HTMLDivElement>(null);
  const alias = song.alia?.filter(Boolean).join(' / ');

  // It covers the page: Escape closes it, a click does not (a line's click seeks).
  useDismiss(dialog, onClose, { outside: false });

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus({ preventScroll: true });
    return () => {
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div ref={dialog} className={styles.panel} role="dialog" aria-label={`歌词：${song.name}`} data-testid="lyric-panel" tabIndex={-1}>
      {song.al.picUrl ? (
        <div className={styles.backdrop} style={{ backgroundImage: `url("${sizedImage(song.al.picUrl, 8)}")` }} aria-hidden="true" />
      ) : null}
      <Button variant="icon" size="lg" className={styles.close} aria-label="收起歌词" title="收起歌词" onClick={onClose}>
        <ChevronDownIcon size={22} />
      </Button>
      <div className={styles.body}>
        <div className={styles.coverWrap}>
          <CoverImage src={song.al.picUrl} width={COVER_PX} radius={12} className={styles.cover} alt={song.al.name ?? ''} eager />
        </div>
        <section className={styles.main}>
          <h2 className={styles.title}>
            {song.name}
            {alias ? <span className={styles.alias}>（{alias}）</span> : null}
          </h2>
          <p className={styles.meta}>
            <span>
              歌手：
              {song.ar.map((artist, i) => (
                <span key={`${artist.id}-${i}`}>
                  {i > 0 ? ' / ' : null}
                  {artist.id > 0 ? <Link to={`/artist/${artist.id}`}>{artist.name}</Link> : artist.name}
                </span>
              ))}
            </span>
            <span>专辑：{song.al.id > 0 ? <Link to={`/list/album/${song.al.id}`}>{song.al.name}</Link> : song.al.name}</span>
            {lyric.translated ? (
              <button
                type="button"
                className={styles.translate}
                aria-pressed={showTranslation}
                title={showTranslation ? '隐藏翻译' : '显示翻译'}
                onClick={() => setShowTranslation(!showTranslation)}
              >
                译
              </button>
            ) : null}
          </p>
          {lyric.status === 'ready' ? (
            <LyricLines
              key={song.id}
              lines={lyric.lines}
              showTranslation={showTranslation && lyric.translated}
              onSeek={onSeek}
              {...clock}
            />
          ) : (
            <p className={styles.state} data-testid="lyric-state">
              {lyric.status === 'instrumental' ? '纯音乐，请欣赏' : lyric.status === 'empty' ? '暂无歌词' : ''}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
