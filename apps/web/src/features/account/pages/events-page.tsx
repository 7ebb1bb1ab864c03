import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyList } from '../../../components/empty-list.tsx';
import { ListFooter } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { eventsQuery } from '../api/queries.ts';
import { EventCard } from '../components/event-card.tsx';
import { usePagedList } from '../hooks/use-paged-list.ts';
import { useRouteUid } from '../hooks/use-uid.ts';
import { UserListHeader } from './user-list-header.tsx';
import cards from '../components/event-card.module.css';
import styles from './user-list-page.module.css';

/** /eventView/:uid: the user's 动态 as readable cards (SPEC shows raw JSON — decision 0018). */
export function EventsPage({ onPlaySong }: { onPlaySong: (id: number) => void }) {
  const uid = useRouteUid();
  const q = useInfiniteQuery({ ...eventsQuery(uid), enabled: Number.isFinite(uid) });
  const { items, state, retry } = usePagedList(q, (e) => e.id, true);
  return (
    <div className={styles.page}>
      <UserListHeader title="动态" uid={uid} />
      {q.isError && !items.length ? (
        <LoadError onRetry={retry} />
      ) : !q.isPending && !items.length ? (
        <EmptyList text="暂无动态" />
      ) : (
        <ul className={cards.list} aria-label="动态">
          {items.map((e) => (
            <EventCard key={e.id} event={e} onPlaySong={onPlaySong} />
          ))}
        </ul>
      )}
      {q.isError && !items.length ? null : <ListFooter state={state} onRetry={retry} />}
    </div>
  );
}
