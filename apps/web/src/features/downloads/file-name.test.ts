import { describe, expect, it } from 'vitest';
import { downloadFileName, extensionOf } from './file-name.ts';

describe('download file names', () => {
  it('is `Artist - Title.ext` with artists comma-joined', () => {
    expect(downloadFileName({ name: '晴天', ar: [{ name: '周杰伦' }] }, 'mp3')).toBe('周杰伦 - 晴天.mp3');
    expect(downloadFileName({ name: 'Song', ar: [{ name: 'A' }, { name: null }, { name: 'B' }] }, 'flac')).toBe('A,B - Song.flac');
    expect(downloadFileName({ name: 'Solo', ar: [] }, 'mp3')).toBe('Solo.mp3');
  });

  it('replaces what the OS refuses and never starts with a dot', () => {
    expect(downloadFileName({ name: 'a/b\\c:d*e?"f<g>h|i', ar: [{ name: 'x' }] }, 'mp3')).toBe('x - a_b_c_d_e__f_g_h_i.mp3');
    expect(downloadFileName({ name: '..hidden', ar: [] }, 'mp3')).toBe('hidden.mp3');
    expect(downloadFileName({ name: '...', ar: [] }, 'mp3')).toBe('song.mp3');
    expect(downloadFileName({ name: 'x'.repeat(400), ar: [] }, 'mp3')).toHaveLength(184);
  });

  it('takes the extension from the URL path, mp3 otherwise', () => {
    expect(extensionOf('http://127.0.0.1:4000/media/audio/12-128k.mp3?x=1')).toBe('mp3');
    expect(extensionOf('/media/audio/9.flac')).toBe('flac');
    expect(extensionOf('/media/audio/9.exe')).toBe('mp3');
    expect(extensionOf('/media/audio/9')).toBe('mp3');
  });
});
