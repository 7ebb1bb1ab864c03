import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useInfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notice.ts';
import { flattenPages, listState, type ListState } from '../paging.ts';

interface Page<T> {
  items: readonly T[];
  more: boolean;
}

/**
 * One of the user pages' infinite lists: pages while scrolling near the bottom, the
 * footer's state (加载中…, 没有更多了, 请求失败，点击重新加载 with a retry).
 */
export function usePagedList<T>(
  q: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>,
  id: (item: T) => number,
  /** Event and fan failures are also told as a toast */
  toastErrors = false,
): { items: T[]; state: ListState; retry: () => void } {
  const error = q.error;
  useEffect(() => {
    if (toastErrors && error) notify({ kind: 'error', message: (error instanceof HttpError && error.msg) || error.message });
  }, [toastErrors, error]);
  const items = flattenPages(q.data?.pages ?? [], id);
  useInfiniteScroll({
    hasMore: q.hasNextPage,
    busy: q.isFetching || q.isError,
    onLoadMore: () => void q.fetchNextPage(),
  });
  const state = listState({ isError: q.isError, isFetching: q.isFetching, hasNextPage: q.hasNextPage, count: items.length });
  const retry = () => void (q.data ? q.fetchNextPage() : q.refetch());
  return { items, state, retry };
}
