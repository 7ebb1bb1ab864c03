import type { Payload } from '../../http/subsonic-envelope.ts';
import type { Share, SharedItem } from '../../services/shares.ts';
import { invalidParam, missingParam, parseAnyId } from '../../services/subsonic/index.ts';
import { shareUrl } from '../share-page.ts';
import type { SubsonicCall } from './browsing.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/** Songs (`123`), albums (`al-1`) and playlists (`pl-1`, the playlist's cover art id: a bare number is a song). */
function sharedItems({ params }: SubsonicCall): SharedItem[] {
  const ids = params.list('id');
  if (ids.length === 0) throw missingParam('id');
  return ids.map((text) => {
    const { kind, id } = parseAnyId(text);
    if (kind === 'artist') throw invalidParam('id', 'must name songs, albums (al-1) or playlists (pl-1)');
    return { kind, id };
  });
}

/** `expires` in ms since 1970; 0 (or nothing, on creation) never expires. */
function expiry({ params }: SubsonicCall): number | null | undefined {
  const ms = params.optionalInt('expires');
  if (ms === undefined) return undefined;
  if (ms < 0) throw invalidParam('expires', 'must be a time in ms since 1970, or 0 for never');
  return ms === 0 ? null : ms;
}

/** The shares as Subsonic's `share` elements, their songs as this user sees them (one lookup for all). */
async function shareElements({ services, userId, baseUrl }: SubsonicCall, shares: readonly Share[]): Promise<Payload[]> {
  const username = await services.subsonic.users.username(userId);
  const ids = [...new Set(shares.flatMap((s) => s.songIds))];
  const songs = new Map((await services.subsonic.browsing.songs(ids, userId)).map((e) => [e.id, e]));
  return shares.map((share) => ({
    id: share.id,
    url: shareUrl(baseUrl, share.id),
    ...(share.description !== null ? { description: share.description } : {}),
    username,
    created: iso(share.createdAt),
    ...(share.expiresAt !== null ? { expires: iso(share.expiresAt) } : {}),
    ...(share.lastVisited !== null ? { lastVisited: iso(share.lastVisited) } : {}),
    visitCount: share.visitCount,
    entry: share.songIds.flatMap((id) => songs.get(String(id)) ?? []),
  }));
}

/**
 * Shares (Subsonic 1.6): a public link that plays songs, albums or playlists for anyone, without
 * an account (its page: routes/share-page.ts). Each user manages their own.
 */
export const shareMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getShares: async (call) => ({ shares: { share: await shareElements(call, await call.services.shares.list(call.userId)) } }),

  createShare: async (call) => {
    const share = await call.services.shares.create(call.userId, sharedItems(call), {
      description: call.params.string('description') ?? null,
      expiresAt: expiry(call) ?? null,
    });
    return { shares: { share: await shareElements(call, [share]) } };
  },

  /** `description` (empty: none) and `expires` (0: never), each changed only when given. */
  updateShare: async (call) => {
    const { params, services, userId } = call;
    const id = params.required('id');
    const raw = params.raw.description;
    const description = raw === undefined ? undefined : (params.string('description') ?? null);
    const expiresAt = expiry(call);
    await services.shares.update(userId, id, {
      ...(description !== undefined ? { description } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    });
    return {};
  },

  deleteShare: async ({ params, services, userId }) => {
    await services.shares.remove(userId, params.required('id'));
    return {};
  },
};
