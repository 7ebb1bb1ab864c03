import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from '../../../components/button.tsx';
import { EmptyList } from '../../../components/empty-list.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { CloseIcon, SpeakerIcon, TrashIcon } from '../../../components/icons.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { artistNames, type PlayableSong } from '../playable-song.ts';
import { selectCurrentIndex, usePlayerStore } from '../player.store.ts';
import panelStyles from '../../../components/panel.module.css';
import styles from './queue-panel.module.css';

type Tab = 'queue' | 'history';
const TABS: { id: Tab; label: string; empty: string }[] = [
  { id: 'queue', label: '播放列表', empty: '播放列表为空' },
  { id: 'history', label: '历史记录', empty: '暂无播放记录' },
];

/**
 * 播放列表 panel: the queue and the play history, each with its count. The current
 * song is marked; a double-click plays an entry; entries can be removed one by one or all (清空).
 */
export function QueuePanel({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('queue');
  const queue = usePlayerStore((s) => s.queue);
  const history = usePlayerStore((s) => s.history);
  const { clearQueue, clearHistory } = usePlayerStore.getState();
  const songs = tab === 'queue' ? queue : history;
  const active = TABS.find((t) => t.id === tab)!;

  const panel = useRef<HTMLElement>(null);
  // Escape closes it, a click elsewhere does not: it stays open while songs are picked on the page.
  useDismiss(panel, onClose, { outside: false });

  return (
    <section ref={panel} className={`${panelStyles.panel} ${styles.panel}`} aria-label="播放列表" data-testid="queue-panel">
      <header className={styles.header}>
        <div className={styles.tabs} role="tablist" aria-label="播放列表">
          {TABS.map((t) => {
            const count = (t.id === 'queue' ? queue : history).length;
            return (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-label={`${t.label} ${count}`}
                id={`queue-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls="queue-tab-panel"
                className={styles.tab}
                onClick={() => setTab(t.id)}
              >
                {t.label}
                <small className={styles.count}>{count}</small>
              </button>
            );
          })}
        </div>
        <Button variant="icon" size="sm" aria-label="关闭播放列表" onClick={onClose}>
          <CloseIcon size={16} />
        </Button>
      </header>
      <div className={styles.toolbar}>
        <span>共 {songs.length} 首</span>
        <Button
          variant="ghost"
          className={styles.clear}
          onClick={tab === 'queue' ? clearQueue : clearHistory}
          disabled={!songs.length}
          aria-label={`清空${active.label}`}
        >
          <TrashIcon size={16} /> 清空
        </Button>
      </div>
      <SongList key={tab} tab={tab} songs={songs} empty={active.empty} />
    </section>
  );
}

function SongList({ tab, songs, empty }: { tab: Tab; songs: readonly PlayableSong[]; empty: string }) {
  const currentId = usePlayerStore((s) => s.current?.id);
  const { play, removeFromQueue, removeFromHistory } = usePlayerStore.getState();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: songs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 40,
    overscan: 8,
    initialRect: { width: 400, height: 480 },
  });

  // The queue opens on the song playing.
  useEffect(() => {
    if (tab !== 'queue') return;
    const index = selectCurrentIndex(usePlayerStore.getState());
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [tab, virtualizer]);

  const remove = tab === 'queue' ? removeFromQueue : removeFromHistory;
  const from = tab === 'queue' ? '播放列表' : '历史记录';

  return (
    <div ref={scrollRef} className={styles.scroll} role="tabpanel" id="queue-tab-panel" aria-labelledby={`queue-tab-${tab}`}>
      {songs.length === 0 ? (
        <EmptyList text={empty} />
      ) : (
        <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const song = songs[item.index]!;
            const current = song.id === currentId;
            return (
              <div
                key={song.id}
                role="listitem"
                data-testid="queue-row"
                data-song-id={song.id}
                aria-current={current ? 'true' : undefined}
                title={song.unavailable ? '暂无版权' : undefined}
                className={`${styles.row} ${current ? styles.current : ''} ${song.unavailable ? styles.unavailable : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
                onDoubleClick={() => play(song)}
              >
                <span className={styles.mark}>{current ? <SpeakerIcon size={14} aria-label="正在播放" /> : null}</span>
                <span className={styles.name}>
                  {song.name}
                  {song.trial ? <em className={styles.trial}>试听</em> : null}
                </span>
                <span className={styles.artist}>{artistNames(song)}</span>
                <span className={styles.duration}>{formatDuration(song.dt)}</span>
                <Button
                  variant="icon"
                  size="xs"
                  tone="danger"
                  className={styles.remove}
                  aria-label={`从${from}删除 ${song.name}`}
                  onClick={() => remove(song.id)}
                >
                  <CloseIcon size={14} />
                </Button>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
