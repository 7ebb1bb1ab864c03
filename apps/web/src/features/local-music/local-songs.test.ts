import { describe, expect, it } from 'vitest';
import { filterSongs, groupByFolder, localSongId, toLocalSong } from './local-songs.ts';

const file = (path: string, extra = {}) => ({
  path,
  name: path
    .split('/')
    .pop()!
    .replace(/\.\w+$/, ''),
  folder: '/m',
  size: 10,
  modified: 1,
  ...extra,
});

describe('local songs', () => {
  it('are songs with negative ids stable per path, their tags or the file name, and a local-file URL', () => {
    const song = toLocalSong(
      file('/m/a/晴天.mp3', { title: '晴天', artists: ['周杰伦'], album: '叶惠美', duration: 269_000 }),
      'app://cloudtune/index.html#/local-music/song',
    );
    expect(song).toMatchObject({ name: '晴天', ar: [{ id: 0, name: '周杰伦' }], al: { name: '叶惠美' }, dt: 269_000, size: 10 });
    expect(song.id).toBeLessThan(0);
    expect(song.id).toBe(localSongId('/m/a/晴天.mp3'));
    expect(localSongId('/m/a/雨天.mp3')).not.toBe(song.id);
    expect(song.url).toBe('app://cloudtune/local-file?path=%2Fm%2Fa%2F%E6%99%B4%E5%A4%A9.mp3');
    expect(toLocalSong(file('/m/untagged.flac'))).toMatchObject({
      name: 'untagged',
      ar: [{ name: '未知歌手' }],
      al: { name: null },
      dt: 0,
    });
  });

  it('are searched by name, artist and album, and grouped by folder in the folders’ order', () => {
    const songs = [
      toLocalSong(file('/m/x.mp3', { title: 'Alpha', artists: ['Band'], folder: '/m' })),
      toLocalSong({ ...file('/n/y.mp3', { title: 'Beta', album: 'Gamma' }), folder: '/n' }),
    ];
    expect(filterSongs(songs, 'band').map((s) => s.name)).toEqual(['Alpha']);
    expect(filterSongs(songs, ' GAMMA ').map((s) => s.name)).toEqual(['Beta']);
    expect(filterSongs(songs, '')).toHaveLength(2);
    expect(groupByFolder(songs, ['/n', '/m', '/empty']).map((g) => [g.folder, g.songs.length])).toEqual([
      ['/n', 1],
      ['/m', 1],
    ]);
  });
});
