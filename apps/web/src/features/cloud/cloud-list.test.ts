import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import {
  addUpload,
  formatCapacity,
  mergeCloudList,
  playableSongs,
  removeUpload,
  setUploadProgress,
  toCloudRow,
  uploadName,
  uploadingRow,
  type CloudItem,
} from './cloud-list.ts';

const items = recorded<CloudItem[]>('user_cloud.data_items.partial');

describe('cloud list', () => {
  it('maps a recorded /user/cloud item to name, artists, album, size and id', () => {
    const row = toCloudRow(items[0]!);
    expect(row).toMatchObject({ id: items[0]!.songId, name: items[0]!.songName, ar: items[0]!.artist, al: items[0]!.album });
    expect(row.size).toBe(Number(items[0]!.fileSize));
    expect(row.song?.id).toBe(items[0]!.simpleSong?.id);
  });

  it('names a temporary row after its file without the .mp3 suffix', () => {
    expect(uploadName('晴天.mp3')).toBe('晴天');
    expect(uploadName('LOUD.MP3')).toBe('LOUD');
    expect(uploadName('a.mp3.mp3')).toBe('a.mp3');
    expect(uploadName('live.flac')).toBe('live');
    expect(uploadName('notes.txt')).toBe('notes.txt');
    expect(uploadName('.mp3')).toBe('.mp3');
    expect(uploadingRow('u1', { name: '晴天.mp3', size: 2048 })).toMatchObject({ uid: 'u1', name: '晴天', size: 2048, percent: 0 });
  });

  it('puts a new upload on top, once per uid, and removes it by uid', () => {
    const a = uploadingRow('a', { name: 'a.mp3', size: 1 });
    const b = uploadingRow('b', { name: 'b.mp3', size: 1 });
    let rows = addUpload([], a);
    rows = addUpload(rows, b);
    expect(rows.map((r) => r.uid)).toEqual(['b', 'a']);
    // the same uid again (a re-render, a repeated event) does not duplicate the row
    rows = addUpload(rows, { ...a, name: 'again' });
    expect(rows.map((r) => r.uid)).toEqual(['b', 'a']);
    expect(rows[1]!.name).toBe('a');
    rows = setUploadProgress(rows, 'a', 42);
    expect(rows[1]).toMatchObject({ status: 'uploading', percent: 42 });
    expect(rows[0]).toMatchObject({ status: 'waiting', percent: 0 });
    expect(removeUpload(rows, 'b').map((r) => r.uid)).toEqual(['a']);
    expect(removeUpload(rows, 'missing')).toHaveLength(2);
  });

  it('shows uploads above the server list and plays only server rows', () => {
    const uploads = [uploadingRow('x', { name: 'x.mp3', size: 1 })];
    const rows = mergeCloudList(uploads, items);
    expect(rows).toHaveLength(items.length + 1);
    expect(rows[0]!.uid).toBe('x');
    expect(rows.slice(1).map((r) => r.id)).toEqual(items.map((i) => i.songId));
    expect(playableSongs(rows).map((s) => s.id)).toEqual(items.map((i) => i.simpleSong!.id));
  });

  it('reads space in GB past one GB', () => {
    expect(formatCapacity(10 * 1024 ** 3)).toBe('10GB');
    expect(formatCapacity(1.5 * 1024 ** 3)).toBe('1.5GB');
    expect(formatCapacity(5 * 1024 * 1024)).toBe('5.0MB');
  });
});
