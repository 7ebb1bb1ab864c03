import type { Repos } from '../../repos/index.ts';
import { foldText } from '../../text/normalize.ts';
import { pinyinForms } from '../../text/pinyin.ts';
import type { FoundFile } from './walk.ts';
import type { TrackInfo } from './read-track.ts';
import { guessArea, guessArtistType } from './artist-guess.ts';

/** A read file, ready to be written into the catalog. */
export interface PreparedTrack {
  file: FoundFile;
  info: TrackInfo;
  md5: string;
  coverHash: string | null;
  lrc: string | null;
}

/**
 * Writes imported tracks into the catalog (callers wrap calls in a transaction). Artists are
 * matched by folded name against every artist in the catalog (demo ones too), albums by
 * (album artist, folded album name). Albums and artists a change leaves without songs are
 * deleted in `settle()`, which also picks their covers.
 */
export async function createCatalogWriter(repos: Repos, now = Date.now()) {
  const artistIds = new Map<string, number>();
  for (const a of await repos.artists.names()) if (!artistIds.has(foldText(a.name))) artistIds.set(foldText(a.name), a.id);
  const albumKey = (artistId: number, name: string) => `${artistId}\u0000${foldText(name)}`;
  const albumIds = new Map<string, number>();
  for (const a of await repos.albums.names())
    if (!albumIds.has(albumKey(a.artistId, a.name))) albumIds.set(albumKey(a.artistId, a.name), a.id);
  const touchedAlbums = new Set<number>();
  const touchedArtists = new Set<number>();

  async function artistId(name: string): Promise<number> {
    const key = foldText(name);
    let id = artistIds.get(key);
    if (id === undefined) {
      id = await repos.artists.insert({
        name,
        nameLatin: pinyinForms(name).full,
        trans: null,
        aliases: [],
        area: guessArea(name),
        type: guessArtistType(name),
        briefDesc: '',
        popularity: 50,
        createdAt: now,
      });
      artistIds.set(key, id);
    }
    return id;
  }

  async function albumId(info: TrackInfo, ownerId: number): Promise<number> {
    const key = albumKey(ownerId, info.album);
    let id = albumIds.get(key);
    if (id === undefined) {
      id = await repos.albums.insert({
        name: info.album,
        nameLatin: pinyinForms(info.album).full,
        artistId: ownerId,
        type: '专辑',
        subType: '录音室版',
        company: info.company,
        description: null,
        aliases: [],
        publishTime: info.releaseTime ?? now,
        createdAt: now,
      });
      albumIds.set(key, id);
    }
    return id;
  }

  async function touch(songId: number): Promise<void> {
    const placement = await repos.songs.placementOf(songId);
    if (!placement) return;
    touchedAlbums.add(placement.albumId);
    placement.artistIds.forEach((id) => touchedArtists.add(id));
  }

  /**
   * The loudness its tags state, else (new or changed bytes) it waits for the server to measure
   * it. Its album's is settled again at the end of the batch.
   */
  async function noteLoudness(songId: number, { info, md5 }: PreparedTrack): Promise<void> {
    if (info.loudness) await repos.loudness.save(songId, { ...info.loudness, md5, origin: 'tags' }, now);
    else if ((await repos.loudness.md5Of(songId)) !== md5) {
      await repos.loudness.forget(songId);
      await repos.loudness.queue([songId], 'background', now);
    }
  }

  return {
    /** Adds the track as a new song, or rewrites song `songId` in place (same id); returns the id. */
    async write(track: PreparedTrack, songId?: number): Promise<number> {
      const { info, file } = track;
      if (songId !== undefined) await touch(songId);
      const owner = await artistId(info.albumArtist);
      const album = await albumId(info, owner);
      const credited: number[] = [];
      for (const name of info.artists) credited.push(await artistId(name));
      const song = {
        name: info.title,
        nameLatin: pinyinForms(info.title).full,
        albumId: album,
        discNo: info.discNo,
        trackNo: info.trackNo,
        durationMs: info.durationMs,
        publishTime: info.releaseTime ?? now,
        filePath: file.path,
        artistIds: [...new Set(credited)],
      };
      const id = songId ?? (await repos.songs.insertImported(song));
      if (songId !== undefined) await repos.songs.updateImported(songId, song);
      await repos.importFiles.save({
        path: file.path,
        songId: id,
        size: file.size,
        mtimeMs: file.mtimeMs,
        md5: track.md5,
        mimeType: info.mimeType,
        type: info.type,
        bitrate: info.bitrate,
        lossless: info.lossless,
        sampleRate: info.sampleRate,
        channels: info.channels,
        bitDepth: info.bitDepth,
        lyricStamp: file.lyricStamp,
        coverHash: track.coverHash,
      });
      await repos.lyrics.set(id, track.lrc);
      await repos.genres.setSongGenres(id, info.genres);
      await noteLoudness(id, track);
      await touch(id);
      touchedArtists.add(owner);
      return id;
    },

    /** A file read again but unchanged: only its genres are written (they may not have been read before). */
    async retag(songId: number, info: TrackInfo): Promise<void> {
      await repos.genres.setSongGenres(songId, info.genres);
    },

    async remove(songId: number): Promise<void> {
      await touch(songId);
      await repos.songs.remove(songId);
      await repos.loudness.forget(songId);
    },

    /** Deletes albums and artists left empty; the others get their covers (re)chosen. */
    async settle(): Promise<void> {
      for (const id of touchedAlbums) {
        if (await repos.albums.removeIfEmpty(id)) continue;
        await repos.storedCovers.set('album', id, await repos.importFiles.albumCover(id));
        // Known once every song of it is: at once when tags say it, else after the last measurement.
        await repos.loudness.settleAlbum(id);
      }
      for (const id of touchedArtists) {
        if (!(await repos.artists.removeIfUnused(id)))
          await repos.storedCovers.set('artist', id, await repos.storedCovers.latestAlbumCoverOf(id));
      }
      for (const [key, id] of albumIds) if (touchedAlbums.has(id) && !(await repos.albums.exists(id))) albumIds.delete(key);
      for (const [key, id] of artistIds) if (touchedArtists.has(id) && !(await repos.artists.exists(id))) artistIds.delete(key);
      touchedAlbums.clear();
      touchedArtists.clear();
    },
  };
}
export type CatalogWriter = Awaited<ReturnType<typeof createCatalogWriter>>;
