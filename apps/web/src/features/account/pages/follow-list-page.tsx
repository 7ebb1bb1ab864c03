import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyList } from '../../../components/empty-list.tsx';
import { ListFooter } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { fansQuery, followsQuery } from '../api/queries.ts';
import type { SocialUser } from '../api/types.ts';
import { UserCard } from '../components/user-card.tsx';
import { usePagedList } from '../hooks/use-paged-list.ts';
import { useRouteUid } from '../hooks/use-uid.ts';
import { UserListHeader } from './user-list-header.tsx';
import cards from '../components/user-card.module.css';
import styles from './user-list-page.module.css';

type Kind = 'follows' | 'fans';

const TEXT: Record<Kind, { title: string; empty: string }> = {
  follows: { title: '关注', empty: '暂无关注' },
  fans: { title: '粉丝', empty: '暂无粉丝' },
};

/**
 * /followList/:uid (pages of 20 by offset) and /fansView/:uid (the same cards, paged by the
 * follow time; SPEC shows fans as raw JSON — decision 0018).
 */
function UserListPage({ kind, uid, q }: { kind: Kind; uid: number; q: Parameters<typeof usePagedList<SocialUser>>[0] }) {
  const { items, state, retry } = usePagedList(q, (u) => u.userId, kind === 'fans');
  const text = TEXT[kind];
  return (
    <div className={styles.page}>
      <UserListHeader title={text.title} uid={uid} />
      {q.isError && !items.length ? (
        <LoadError onRetry={retry} />
      ) : !q.isPending && !items.length ? (
        <EmptyList text={text.empty} />
      ) : (
        <ul className={cards.list} aria-label={text.title}>
          {items.map((u) => (
            <UserCard key={u.userId} user={u} />
          ))}
        </ul>
      )}
      {q.isError && !items.length ? null : <ListFooter state={state} onRetry={retry} />}
    </div>
  );
}

export function FollowListPage() {
  const uid = useRouteUid();
  const q = useInfiniteQuery({ ...followsQuery(uid), enabled: Number.isFinite(uid) });
  return <UserListPage kind="follows" uid={uid} q={q} />;
}

export function FansPage() {
  const uid = useRouteUid();
  const q = useInfiniteQuery({ ...fansQuery(uid), enabled: Number.isFinite(uid) });
  return <UserListPage kind="fans" uid={uid} q={q} />;
}
