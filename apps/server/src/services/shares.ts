import { randomBytes } from 'node:crypto';
import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { ShareRecord } from '../repos/shares.ts';
import type { SongRecord } from '../repos/songs.ts';
import type { Clock } from './rate-windows.ts';

/** A share holds at most this many songs. */
export const MAX_SHARE_SONGS = 1000;
/** A share's description is at most this long. */
export const MAX_SHARE_DESCRIPTION = 1000;

/** 18 random bytes, base64url (24 characters): 144 bits nobody guesses, safe in a URL path. */
export const randomShareId = (): string => randomBytes(18).toString('base64url');
/** What share ids look like (anything else is not looked up). */
export const SHARE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type SharedItem = { kind: 'song' | 'album' | 'playlist'; id: number };

/** A share with its songs. */
export type Share = ShareRecord & { songIds: number[] };

/** What the share's page shows. */
export interface SharePage {
  share: Share;
  /** the sharer's nickname */
  owner: string;
  songs: SongRecord[];
}

const SHARE_NOT_FOUND = () => new ApiError(404, 'Share not found');

/**
 * Share links: songs, albums and playlists a user lets anyone play without an account, at a URL
 * whose id is the secret. The songs are fixed when the share is made; a share may expire, and
 * its owner may change its description and expiry or delete it. Opening it counts a visit.
 */
export function createShareService(repos: Repos, clock: Clock, newId: () => string = randomShareId) {
  /** An item's songs and name; someone else's private playlist is not found. */
  async function resolve(userId: number, item: SharedItem): Promise<{ name: string; songIds: number[] }> {
    if (item.kind === 'song') {
      const song = await repos.songs.findById(item.id);
      if (!song) throw new ApiError(404, 'Song not found');
      return { name: song.name, songIds: [song.id] };
    }
    if (item.kind === 'album') {
      const album = await repos.albums.findById(item.id);
      if (!album) throw new ApiError(404, 'Album not found');
      return { name: album.name, songIds: await repos.songs.idsOnAlbum(item.id) };
    }
    const access = await repos.playlists.accessOf(item.id);
    const playlist = access && (access.creatorId === userId || access.privacy === 0) ? await repos.playlists.findById(item.id) : undefined;
    if (!playlist) throw new ApiError(404, 'Playlist not found');
    return { name: playlist.name, songIds: (await repos.playlists.songsOf(playlist)).map((t) => t.songId) };
  }

  /** The user's own share (someone else's is not found: its id is all the link holds). */
  async function own(userId: number, id: string): Promise<ShareRecord> {
    const share = SHARE_ID.test(id) ? await repos.shares.find(id) : undefined;
    if (!share || share.userId !== userId) throw SHARE_NOT_FOUND();
    return share;
  }

  const expiry = (expiresAt: number | null): number | null => {
    if (expiresAt !== null && expiresAt <= clock()) throw new ApiError(400, 'expires must be in the future');
    return expiresAt;
  };
  const description = (text: string | null): string | null => {
    if (text !== null && text.length > MAX_SHARE_DESCRIPTION) {
      throw new ApiError(400, `description must be at most ${MAX_SHARE_DESCRIPTION} characters`);
    }
    return text;
  };
  const isLive = (share: ShareRecord): boolean => share.expiresAt === null || share.expiresAt > clock();

  return {
    async create(
      userId: number,
      items: readonly SharedItem[],
      options: { description: string | null; expiresAt: number | null },
    ): Promise<Share> {
      if (items.length === 0) throw new ApiError(400, 'id must name what to share');
      const resolved = await Promise.all(items.map(async (item) => await resolve(userId, item)));
      const songIds = [...new Set(resolved.flatMap((r) => r.songIds))];
      if (songIds.length === 0) throw new ApiError(400, 'there are no songs to share');
      if (songIds.length > MAX_SHARE_SONGS) throw new ApiError(400, `a share holds at most ${MAX_SHARE_SONGS} songs`);
      const share: Omit<ShareRecord, 'lastVisited' | 'visitCount'> = {
        id: newId(),
        userId,
        title: resolved.length === 1 ? resolved[0]!.name : `${resolved[0]!.name} 等`,
        description: description(options.description),
        createdAt: clock(),
        expiresAt: expiry(options.expiresAt),
      };
      await repos.shares.create({ ...share, songIds });
      return { ...share, lastVisited: null, visitCount: 0, songIds };
    },

    /** The user's shares, newest first, expired ones included (their owner may extend them). */
    list: async (userId: number): Promise<Share[]> =>
      await Promise.all((await repos.shares.ofUser(userId)).map(async (s) => ({ ...s, songIds: await repos.shares.songIds(s.id) }))),

    /** `expiresAt` null: never expires. */
    async update(userId: number, id: string, changes: { description?: string | null; expiresAt?: number | null }): Promise<void> {
      await own(userId, id);
      await repos.shares.update(id, {
        ...(changes.description !== undefined ? { description: description(changes.description) } : {}),
        ...(changes.expiresAt !== undefined ? { expiresAt: expiry(changes.expiresAt) } : {}),
      });
    },

    async remove(userId: number, id: string): Promise<void> {
      await own(userId, id);
      await repos.shares.remove(id);
    },

    /**
     * A visit to the share's page (counted, unless it only asks for headers): the share, who shared it and its songs, or undefined
     * when it expired or never was.
     */
    async visit(id: string, { count }: { count: boolean }): Promise<SharePage | undefined> {
      const share = SHARE_ID.test(id) ? await repos.shares.find(id) : undefined;
      if (!share || !isLive(share)) return undefined;
      const at = clock();
      if (count) await repos.shares.visit(id, at);
      const songIds = await repos.shares.songIds(id);
      const found = await repos.songs.findByIds(songIds);
      const visits = count ? { visitCount: share.visitCount + 1, lastVisited: at } : {};
      return {
        share: { ...share, ...visits, songIds },
        owner: (await repos.users.findById(share.userId))?.nickname ?? '',
        songs: songIds.flatMap((songId) => found.get(songId) ?? []),
      };
    },

    /** Whether a live share holds this song (its audio plays for anyone with the link). */
    async plays(id: string, songId: number): Promise<boolean> {
      const share = SHARE_ID.test(id) ? await repos.shares.find(id) : undefined;
      return share !== undefined && isLive(share) && (await repos.shares.holds(id, songId));
    },
  };
}
export type ShareService = Awaited<ReturnType<typeof createShareService>>;
