import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notice.ts';
import { HttpError } from '../../../lib/http.ts';
import { accountKeys } from '../api/keys.ts';
import type { UserDetail } from '../api/types.ts';
import { setFollowing } from '../api/user.ts';

/**
 * 关注 / 已关注 on another user's profile: the button turns at once (and their 粉丝 count with
 * it), is put back if the server refuses, and the follow lists are refetched after.
 */
export function useFollow(uid: number, onChanged?: () => void) {
  const client = useQueryClient();
  const key = accountKeys.detail(uid);
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(uid, follow),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<UserDetail>(key);
      if (before) {
        const followeds = Math.max(0, (before.profile.followeds ?? 0) + (follow ? 1 : -1));
        client.setQueryData<UserDetail>(key, { ...before, profile: { ...before.profile, followed: follow, followeds } });
      }
      return { before };
    },
    onError: (error, _follow, context) => {
      if (context?.before) client.setQueryData(key, context.before);
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
