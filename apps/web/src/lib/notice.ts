/**
 * A tiny notice bus: lib code (the http client, the platform bridge) must be able to tell the
 * user something without depending on React; the Toaster component subscribes and renders.
 */
export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  /** ms on screen; 0 keeps it until closed */
  duration: number;
  /** an optional in-app link the notice offers, e.g. 添加播放源 → /setting/source */
  link?: { to: string; label: string };
}

export type NoticeInput = Omit<Notice, 'id' | 'duration'> & { duration?: number };
type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();
let nextId = 1;

export const DEFAULT_NOTICE_MS = 3000;

export function notify(input: NoticeInput): Notice {
  const notice: Notice = { duration: DEFAULT_NOTICE_MS, ...input, id: nextId++ };
  for (const listener of listeners) listener(notice);
  return notice;
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
