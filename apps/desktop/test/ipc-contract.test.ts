import { describe, expect, it } from 'vitest';
import { IpcArgumentError, invokeChannels, parseInvokeArgs, type InvokeChannel } from '../src/services/ipc-contract.ts';

const abs = process.platform === 'win32' ? 'C:\\Music' : '/home/me/Music';

describe('IPC arguments', () => {
  it('accepts what the preload script sends', () => {
    expect(parseInvokeArgs('cloudtune:get-port', [])).toEqual([]);
    expect(parseInvokeArgs('cloudtune:choose-folder', [])).toEqual([]);
    expect(parseInvokeArgs('cloudtune:choose-folder', [undefined])).toEqual([undefined]);
    expect(parseInvokeArgs('cloudtune:choose-folder', [{ title: '选择目录', defaultPath: abs }])).toEqual([
      { title: '选择目录', defaultPath: abs },
    ]);
    expect(parseInvokeArgs('cloudtune:open-folder', [abs])).toEqual([abs]);
    expect(parseInvokeArgs('cloudtune:settings-update', [{ closeToTray: true }])).toEqual([{ closeToTray: true }]);
    expect(
      parseInvokeArgs('cloudtune:downloads-save', [{ url: 'http://127.0.0.1:4000/song.mp3', fileName: '周杰伦 - 晴天.mp3' }]),
    ).toHaveLength(1);
    expect(parseInvokeArgs('cloudtune:local-music-scan', [[abs]])).toEqual([[abs]]);
    expect(parseInvokeArgs('cloudtune:lyric-window-set-visible', [true])).toEqual([true]);
    const tags = { title: '晴天', artists: ['周杰伦'], album: '叶惠美', lyrics: '[00:01.00]x', coverUrl: 'http://127.0.0.1:4000/c.jpg' };
    expect(parseInvokeArgs('cloudtune:downloads-save', [{ url: 'http://127.0.0.1:4000/a.mp3', fileName: 'a.mp3', tags }])[0].tags).toEqual(
      tags,
    );
    expect(parseInvokeArgs('cloudtune:downloads-remove', [abs])).toEqual([abs]);
    expect(parseInvokeArgs('cloudtune:settings-update', [{ localFolders: [{ path: abs, checked: true }] }])).toHaveLength(1);
    const state = { songId: 186016, song: '晴天 - 周杰伦', time: 41.25, playing: true, rate: 1.25, translation: true };
    expect(parseInvokeArgs('cloudtune:lyric-window-update', [state])).toEqual([state]);
  });

  it.each<[InvokeChannel, unknown[]]>([
    ['cloudtune:get-port', [1]],
    ['cloudtune:choose-folder', [{ title: 'x', properties: ['openFile'] }]],
    ['cloudtune:choose-folder', [{ defaultPath: 'relative/path' }]],
    ['cloudtune:choose-folder', ['选择目录']],
    ['cloudtune:open-folder', []],
    ['cloudtune:open-folder', ['relative']],
    ['cloudtune:open-folder', [`${abs}\0/x`]],
    ['cloudtune:open-folder', [{ toString: () => abs }]],
    ['cloudtune:open-folder', [abs, 'extra']],
    ['cloudtune:open-folder', ['/'.repeat(5000)]],
    ['cloudtune:settings-update', [{ closeToTray: 'yes' }]],
    ['cloudtune:settings-update', [{ autoUpdateFrom: 'http://evil' }]],
    ['cloudtune:settings-update', [{ downloadDirectory: 'relative' }]],
    ['cloudtune:downloads-set-directory', ['~/Music']],
    ['cloudtune:downloads-save', [{ url: 'not a url', fileName: 'a.mp3' }]],
    ['cloudtune:downloads-save', [{ url: 'http://127.0.0.1:1/a', fileName: '../../.bashrc' }]],
    ['cloudtune:downloads-save', [{ url: 'http://127.0.0.1:1/a', fileName: 'sub/a.mp3' }]],
    ['cloudtune:downloads-save', [{ url: 'http://127.0.0.1:1/a', fileName: '.hidden' }]],
    ['cloudtune:local-music-scan', [abs]],
    ['cloudtune:local-music-scan', [Array.from({ length: 101 }, () => abs)]],
    ['cloudtune:lyric-window-set-visible', ['true']],
    ['cloudtune:downloads-save', [{ url: 'http://127.0.0.1:1/a', fileName: 'a.mp3', tags: { title: 'a', artists: 'x', album: '' } }]],
    [
      'cloudtune:downloads-save',
      [{ url: 'http://127.0.0.1:1/a', fileName: 'a.mp3', tags: { title: 'a', artists: [], album: '', run: 1 } }],
    ],
    [
      'cloudtune:downloads-save',
      [{ url: 'http://127.0.0.1:1/a', fileName: 'a.mp3', tags: { title: 'a', artists: [], album: '', lyrics: 'x'.repeat(200_001) } }],
    ],
    ['cloudtune:downloads-remove', ['relative.mp3']],
    ['cloudtune:settings-update', [{ localFolders: [{ path: 'relative', checked: true }] }]],
    ['cloudtune:settings-update', [{ localFolders: [{ path: abs }] }]],
    ['cloudtune:settings-update', [{ localFolders: Array.from({ length: 101 }, () => ({ path: abs, checked: true })) }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: '', time: 1, playing: 'yes', rate: 1, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: 'x'.repeat(1001), time: 1, playing: true, rate: 1, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1.5, song: '', time: 1, playing: true, rate: 1, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: '', time: -1, playing: true, rate: 1, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: '', time: Number.NaN, playing: true, rate: 1, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: '', time: 1, playing: true, rate: 0, translation: false }]],
    ['cloudtune:lyric-window-update', [{ songId: 1, song: '', time: 1, playing: true, rate: 1 }]],
    ['cloudtune:lyric-window-update', [{ line: 'a', next: 'b', playing: true, song: '' }]],
    ['cloudtune:lyric-window-update', []],
  ])('refuses %s with %j', (channel, args) => {
    expect(() => parseInvokeArgs(channel, args)).toThrow(IpcArgumentError);
  });

  it('refuses channels it does not know, including inherited names', () => {
    expect(() => parseInvokeArgs('cloudtune:run-shell' as InvokeChannel, [])).toThrow(/unknown channel/);
    expect(() => parseInvokeArgs('toString' as InvokeChannel, [])).toThrow(/unknown channel/);
  });

  it('names every channel under the cloudtune: prefix', () => {
    for (const channel of Object.keys(invokeChannels)) expect(channel).toMatch(/^cloudtune:[a-z-]+$/);
  });
});
