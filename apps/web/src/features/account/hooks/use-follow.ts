import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notice.ts';
import { HttpError } from '../../../lib/http.ts';
import { optimisticUpdate } from '../../../lib/optimistic.ts';
import { accountKeys } from '../api/keys.ts';
import type { UserDetail } from '../api/types.ts';
import { setFollowing } from '../api/user.ts';

/**
 * 关注 / 已关注 on another user's profile: the button turns at once (and their 粉丝 count with
 * it), is put back if the server refuses, and the follow lists are refetched after.
 */
/** The profile followed or not, its 粉丝 count moved with it. */
function followed(detail: UserDetail, follow: boolean): UserDetail {
  if (detail.profile.followed === follow) return detail;
  const followeds = Math.max(0, (detail.profile.followeds ?? 0) + (follow ? 1 : -1));
  return { ...detail, profile: { ...detail.profile, followed: follow, followeds } };
}

export function useFollow(uid: number, onChanged?: () => void) {
  const client = useQueryClient();
  const key = accountKeys.detail(uid);
  return useMutation({
    mutationFn: (follow: boolean) =>
      optimisticUpdate<UserDetail, unknown>(client, {
        queryKey: key,
        apply: (detail) => followed(detail, follow),
        revert: (detail) => followed(detail, !follow),
        send: () => setFollowing(uid, follow),
      }),
    onError: (error) => {
      notify({ kind: 'error', message: (error instanceof HttpError && error.msg) || '操作失败，请重试' });
    },
    onSuccess: (_data, follow) => {
      notify({ kind: 'success', message: follow ? '关注成功' : '已取消关注' });
      void client.invalidateQueries({ queryKey: accountKeys.allFollows() });
      void client.invalidateQueries({ queryKey: accountKeys.fans(uid) });
      void client.invalidateQueries({ queryKey: accountKeys.details() });
      onChanged?.();
    },
  });
}
