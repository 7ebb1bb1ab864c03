import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Menu, MenuItem } from '../../../components/menu.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notice.ts';
import { dailySignin } from '../api/account.ts';
import { useAuthStore } from '../auth.store.ts';
import { logout } from '../session.ts';

/**
 * The logged-in user's menu under the top bar's avatar: 个人主页, 签到 (已签到 and disabled
 * once signed today), 编辑资料, 退出登录 (server, then cleared, then /).
 */
export function UserMenu({ anchor, onClose }: { anchor: DOMRect; onClose: () => void }) {
  const navigate = useNavigate();
  const uid = useAuthStore((s) => s.user?.account.id);
  const signed = useAuthStore((s) => s.user?.pcSign === true);
  const [signing, setSigning] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useDismiss(menu, onClose);
  useEffect(() => menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus(), []);

  const go = (to: string) => {
    onClose();
    navigate(to);
  };

  const signIn = async () => {
    setSigning(true);
    try {
      await dailySignin();
      useAuthStore.getState().updateUser('pcSign', true);
      notify({ kind: 'success', message: '签到成功' });
    } catch (error) {
      notify({ kind: 'error', message: (error instanceof HttpError && error.msg) || '签到失败，请重试' });
    } finally {
      setSigning(false);
    }
  };

  const signOut = async () => {
    onClose();
    try {
      await logout();
    } catch (error) {
      // A logout failure is told as a toast; the local session is cleared all the same.
      notify({ kind: 'error', message: (error instanceof HttpError && error.msg) || '退出登录失败' });
    }
    navigate('/');
  };

  return (
    <Menu ref={menu} aria-label="用户菜单" style={{ top: anchor.bottom + 8, right: window.innerWidth - anchor.right }}>
      <MenuItem onClick={() => go(`/userinfo/${uid}`)}>个人主页</MenuItem>
      <MenuItem disabled={signed || signing} onClick={() => void signIn()}>
        {signed ? '已签到' : '签到'}
      </MenuItem>
      <MenuItem onClick={() => go('/userSetting')}>编辑资料</MenuItem>
      <MenuItem onClick={() => void signOut()}>退出登录</MenuItem>
    </Menu>
  );
}
