import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { songAvailability, trialSpan, withPrivileges } from './song-availability.ts';

type Song = { id: number; st?: number; fee?: number; privilege?: unknown };
const album = recorded<{ songs: Song[] }>('album');
const artists = recorded<{ hotSongs: Song[] }>('artists');
const search = recorded<{ result: { songs: Song[] } }>('cloudsearch_type1006');
const playlist = recorded<{ playlist: { tracks: Song[] }; privileges: { id: number; st: number; pl: number; fee: number }[] }>(
  'playlist_detail',
);
const songUrl = recorded<{ data: { id: number; freeTrialInfo: unknown }[] }>('song_url');

describe('song availability (recorded NetEase bodies)', () => {
  it('a song with st < 0 is unavailable, whatever its privilege says', () => {
    const song = album.songs.find((s) => s.id === 1409311773)!;
    expect(song.st).toBe(-1);
    expect(songAvailability(song)).toBe('unavailable');
  });

  it('a privilege with st < 0 makes the song unavailable', () => {
    const [track] = playlist.playlist.tracks;
    const privileges = playlist.privileges.map((p) => (p.id === track!.id ? { ...p, st: -200 } : p));
    const [withPrivilege] = withPrivileges(playlist.playlist.tracks, privileges);
    expect(songAvailability(withPrivilege!)).toBe('unavailable');
  });

  it('a VIP song (fee 1) whose privilege plays nothing in full is a trial (试听)', () => {
    expect(songAvailability(artists.hotSongs.find((s) => s.id === 26060065)!)).toBe('trial');
    expect(songAvailability(search.result.songs.find((s) => s.id === 208891)!)).toBe('trial');
  });

  it('free and low-quality-free songs play', () => {
    expect(artists.hotSongs.filter((s) => songAvailability(s) === 'playable').map((s) => s.id)).toEqual([
      24953439, 1365844416, 536243886, 414979946,
    ]);
    // /playlist/detail sends the privileges beside the tracks: each track gets its own.
    const tracks = withPrivileges(playlist.playlist.tracks, playlist.privileges);
    expect(tracks[0]).toMatchObject({ privilege: { id: tracks[0]!.id } });
    expect(tracks.map(songAvailability)).toEqual(tracks.map(() => 'playable'));
  });

  it('withPrivileges keeps the songs as they are without privileges', () => {
    const tracks = playlist.playlist.tracks;
    expect(withPrivileges(tracks, undefined)).toBe(tracks);
    expect(withPrivileges(tracks, [])).toBe(tracks);
  });

  it('reads the trial span of /song/url', () => {
    expect(trialSpan(songUrl.data[1]!.freeTrialInfo)).toEqual({ start: 90, end: 120 });
    expect(trialSpan(null)).toBeNull();
    expect(trialSpan({ start: 5, end: 5 })).toBeNull();
  });
});
