import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The one optimistic update of cached server data (a heart, 关注): the change shows at once in
 * the query's data, the server is told, and if it refuses the change is taken back (by `revert`
 * on the data as it is then, so another change made meanwhile stays) before the error is
 * rethrown. A fetch of the query under way is cancelled first: it would overwrite the change
 * with an answer from before it. Resolves with the server's answer and whether the query had
 * data to change (when not, the caller may refetch it once the server has answered).
 */
export async function optimisticUpdate<T, R>(
  client: QueryClient,
  {
    queryKey,
    apply,
    revert,
    send,
  }: {
    queryKey: QueryKey;
    /** the data as it will be once the server agrees */
    apply: (data: T) => T;
    /** the data with the change taken back */
    revert: (data: T) => T;
    send: () => Promise<R>;
  },
): Promise<{ result: R; hadData: boolean }> {
  await client.cancelQueries({ queryKey });
  const hadData = client.getQueryData<T>(queryKey) !== undefined;
  client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : apply(data)));
  try {
    return { result: await send(), hadData };
  } catch (error) {
    client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : revert(data)));
    throw error;
  }
}
