import { badRequest } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/** Messages stay readable this long, then are deleted. */
export const CHAT_KEEP_MS = 30 * 24 * 3600_000;
/** An answer holds at most this many messages, the newest. */
export const CHAT_PAGE = 500;
export const CHAT_MAX_CHARACTERS = 1000;

/**
 * The server's chat room (Subsonic's getChatMessages / addChatMessage): every user reads every
 * message. Authors are shown by nickname, their public name, never by the phone or email they log
 * in with. Messages older than CHAT_KEEP_MS are pruned when a new one is written.
 */
export function createChatService(repos: Repos, clock: Clock) {
  return {
    async add(userId: number, text: string): Promise<void> {
      const message = text.trim();
      if ([...message].length < 1 || [...message].length > CHAT_MAX_CHARACTERS) {
        throw badRequest(`message must be 1–${CHAT_MAX_CHARACTERS} characters`);
      }
      const now = clock();
      await repos.chatMessages.prune(now - CHAT_KEEP_MS);
      await repos.chatMessages.add(userId, message, now);
    },
    /** Messages after `since` (ms; none given: the whole visible log), newest first. */
    async since(since: number | undefined) {
      const floor = Math.max(since ?? 0, clock() - CHAT_KEEP_MS);
      return (await repos.chatMessages.since(floor, CHAT_PAGE)).map((m) => ({
        username: m.nickname,
        time: m.createdAt,
        message: m.message,
      }));
    },
  };
}
export type ChatService = Awaited<ReturnType<typeof createChatService>>;
