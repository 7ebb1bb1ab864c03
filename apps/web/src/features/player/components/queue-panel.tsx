import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { EmptyList } from '../../../components/empty-list.tsx';
import { CloseIcon, SpeakerIcon, TrashIcon } from '../../../components/icons.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { artistNames } from '../playable-song.ts';
import { usePlayerStore } from '../player.store.ts';
import styles from './queue-panel.module.css';

/** 播放列表: the queue, with remove and clear (SPEC §4); double-click plays an entry. */
export function QueuePanel({ onClose }: { onClose: () => void }) {
  const queue = usePlayerStore((s) => s.queue);
  const currentId = usePlayerStore((s) => s.current?.id);
  const { play, removeFromQueue, clearQueue } = usePlayerStore.getState();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: queue.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 40,
    overscan: 8,
    initialRect: { width: 400, height: 480 },
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section className={styles.panel} aria-label="播放列表">
      <header className={styles.header}>
        <h3>
          当前播放 <small>共 {queue.length} 首</small>
        </h3>
        <button type="button" className={styles.clear} onClick={clearQueue} disabled={!queue.length}>
          <TrashIcon size={16} /> 清空列表
        </button>
        <button type="button" className={styles.close} aria-label="关闭播放列表" onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      <div ref={scrollRef} className={styles.scroll}>
        {queue.length === 0 ? (
          <EmptyList text="播放列表为空" />
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const song = queue[item.index]!;
              const current = song.id === currentId;
              return (
                <div
                  key={song.id}
                  className={`${styles.row} ${current ? styles.current : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onDoubleClick={() => play(song)}
                >
                  <span className={styles.mark}>{current ? <SpeakerIcon size={14} /> : null}</span>
                  <span className={styles.name}>{song.name}</span>
                  <span className={styles.artist}>{artistNames(song)}</span>
                  <span className={styles.duration}>{formatDuration(song.dt)}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`从播放列表删除 ${song.name}`}
                    onClick={() => removeFromQueue(song.id)}
                  >
                    <CloseIcon size={14} />
                  </button>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
