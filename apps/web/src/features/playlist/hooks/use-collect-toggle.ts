import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notice.ts';
import { useCollect, type CollectKind } from '../api/subscribe.ts';

/**
 * The collect flow: not logged in → the login view opens and nothing else happens;
 * otherwise the item is collected or un-collected with a toast.
 */
export function useCollectToggle(
  kind: CollectKind,
  id: number,
  initial: boolean,
  requireLogin: () => boolean,
  onChange?: (id: number, collected: boolean) => void,
) {
  const [collected, setCollected] = useState(initial);
  const mutation = useCollect();
  useEffect(() => {
    setCollected(initial);
  }, [initial]);

  const toggle = () => {
    if (!requireLogin() || mutation.isPending) return;
    const next = !collected;
    mutation.mutate(
      { kind, id, collect: next },
      {
        onSuccess: () => {
          setCollected(next);
          onChange?.(id, next);
          notify({ kind: 'success', message: next ? '收藏成功' : '取消收藏成功' });
        },
        onError: (error) => notify({ kind: 'error', message: (error as { msg?: string }).msg ?? error.message }),
      },
    );
  };
  return { collected, toggle };
}
