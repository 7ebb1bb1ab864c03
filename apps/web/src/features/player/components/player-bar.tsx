import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import {
  LyricIcon,
  MusicIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PrevIcon,
  QueueIcon,
  RepeatIcon,
  RepeatOneIcon,
  ShuffleIcon,
} from '../../../components/icons.tsx';
import { togglePlayback } from '../audio-engine.ts';
import { usePlayerStore } from '../player.store.ts';
import { PLAY_MODE_LABELS } from '../queue-rules.ts';
import { useTransportStore } from '../transport.store.ts';
import { EffectsButton } from './effects-button.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { MoreMenu } from './more-menu.tsx';
import { VolumeControl } from './volume-control.tsx';
import styles from './player-bar.module.css';

/** The queue (a virtualized song table) loads when it is first opened, not with the first screen. */
const QueuePanel = lazy(() => import('./queue-panel.tsx').then((m) => ({ default: m.QueuePanel })));

/** The now-playing view's cover: most of a phone's width. */
const FULL_COVER_PX = 280;

/**
 * The bottom player bar; `layout="full"` draws the same controls stacked under a large cover, as a
 * phone's now-playing view (decision 0050). `lyric` is a slot: the lyrics feature renders the current line and
 * the app layer plugs it in, so the player never depends on the lyrics feature; `actions` holds
 * the app's buttons for the playing song (下载, 桌面歌词).
 */
export function PlayerBar({
  lyric,
  like,
  actions,
  layout = 'bar',
}: {
  lyric?: ReactNode;
  like?: ReactNode;
  actions?: ReactNode;
  layout?: 'bar' | 'full';
}) {
  const full = layout === 'full';
  // The song shown follows a pick in a render React may interrupt: the bar's first song mounts
  // the cover, the lyric line and the song's buttons (tens of ms on a cold page), and the pick's
  // /song/url answer must not wait behind that to reach the <audio> element (0035-first-sound).
  const current = useDeferredValue(usePlayerStore((s) => s.current));
  const playing = useTransportStore((s) => s.playing);
  const loadingUrl = useTransportStore((s) => s.loadingUrl);
  const playMode = usePlayerStore((s) => s.playMode);
  const queueLength = usePlayerStore((s) => s.queue.length);
  const lyricOpen = usePlayerStore((s) => s.lyricOpen);
  const trial = useTransportStore((s) => s.trial !== null);
  const { next, prev, cyclePlayMode, setLyricOpen } = usePlayerStore.getState();
  const [queueOpen, setQueueOpen] = useState(false);
  const canSwitch = queueLength > 1;

  return (
    <footer className={full ? `${styles.bar} ${styles.full}` : styles.bar} data-testid="player-bar">
      <div className={styles.song}>
        {current ? (
          <>
            <button
              type="button"
              className={styles.coverButton}
              aria-label={lyricOpen ? '收起歌曲详情' : '展开歌曲详情'}
              onClick={() => setLyricOpen(!lyricOpen)}
            >
              {full ? (
                <CoverImage src={current.al.picUrl} width={FULL_COVER_PX} radius={12} className={styles.fullCover} alt="" eager />
              ) : (
                <CoverImage src={current.al.picUrl} width={48} radius={6} className={styles.cover} alt="" />
              )}
            </button>
            <div className={styles.meta}>
              <p className={styles.title}>
                <span className={styles.name} title={current.name}>
                  {current.name}
                </span>
                {trial || current.trial ? <span className={styles.trial}>试听</span> : null}
                <span className={styles.artists}>
                  {current.ar.map((a, i) => (
                    <span key={`${a.id}-${i}`}>
                      {i === 0 ? (full ? '' : ' - ') : ' / '}
                      {a.id > 0 ? <Link to={`/artist/${a.id}`}>{a.name}</Link> : a.name}
                    </span>
                  ))}
                </span>
              </p>
              {lyric}
            </div>
            {like}
          </>
        ) : (
          <>
            <span className={styles.placeholderCover}>
              <MusicIcon size={22} />
            </span>
            <div className={styles.meta}>
              <p className={styles.title}>Cloudtune 云音乐</p>
              <p className={styles.hint}>双击歌曲开始播放</p>
            </div>
          </>
        )}
      </div>

      <div className={styles.center}>
        <div className={styles.controls}>
          <Button
            variant="icon"
            size="md"
            tone="accent"
            onClick={() => cyclePlayMode()}
            aria-label="播放模式"
            title={PLAY_MODE_LABELS[playMode]}
            data-mode={playMode}
          >
            {playMode === 'turn' ? (
              <RepeatIcon size={18} />
            ) : playMode === 'random' ? (
              <ShuffleIcon size={18} />
            ) : (
              <RepeatOneIcon size={18} />
            )}
          </Button>
          <Button variant="icon" size="md" tone="accent" onClick={() => prev()} disabled={!canSwitch} aria-label="上一首">
            <PrevIcon size={20} />
          </Button>
          <button
            type="button"
            data-testid="play-toggle"
            className={`${styles.playButton} ${loadingUrl ? styles.loading : ''}`}
            onClick={togglePlayback}
            disabled={!current}
            aria-label={playing ? '暂停' : '播放'}
            aria-pressed={playing}
          >
            {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} className={styles.playGlyph} />}
          </button>
          <Button variant="icon" size="md" tone="accent" onClick={() => next()} disabled={!canSwitch} aria-label="下一首">
            <NextIcon size={20} />
          </Button>
          <span className={styles.spacer} />
        </div>
        <ProgressBar disabled={!current} />
      </div>

      <div className={styles.side}>
        <div className={styles.inlineVolume}>
          <VolumeControl />
        </div>
        <MoreMenu label="更多" className={styles.more}>
          <VolumeControl />
        </MoreMenu>
        <EffectsButton />
        {actions}
        <Button
          variant="icon"
          size="md"
          tone="accent"
          active={lyricOpen}
          aria-label="歌词"
          aria-pressed={lyricOpen}
          disabled={!current}
          onClick={() => setLyricOpen(!lyricOpen)}
        >
          <LyricIcon />
        </Button>
        <Button
          variant="icon"
          size="md"
          tone="accent"
          active={queueOpen}
          className={styles.withBadge}
          aria-label="播放列表"
          aria-expanded={queueOpen}
          onClick={() => setQueueOpen((open) => !open)}
        >
          <QueueIcon />
          {queueLength > 0 ? <span className={styles.badge}>{queueLength > 999 ? '999+' : queueLength}</span> : null}
        </Button>
      </div>
      {queueOpen ? (
        <Suspense fallback={null}>
          <QueuePanel onClose={() => setQueueOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
