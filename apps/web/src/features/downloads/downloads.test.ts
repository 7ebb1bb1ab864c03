import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeNotices, type Notice } from '../../lib/notice.ts';
import { configureDownloads, downloadedSource, downloadSongs, useDownloadJobs } from './downloads.ts';
import { useDownloadsStore, type DownloadedSong } from './downloads.store.ts';
import { renderHook } from '@testing-library/react';

const song = (id: number, extra: Partial<DownloadedSong> = {}): DownloadedSong => ({
  id,
  name: `歌${id}`,
  ar: [{ id: 1, name: '歌手' }],
  al: { id: 2, name: '专辑', picUrl: null },
  dt: 1000,
  size: 100,
  dlt: 1,
  ...extra,
});

describe('downloads', () => {
  const notices: Notice[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    useDownloadsStore.setState({ songs: [] });
    notices.length = 0;
    unsubscribe = subscribeNotices((n) => notices.push(n));
  });
  afterEach(() => unsubscribe());

  it('keeps the list newest first, once per song, and persists it', () => {
    useDownloadsStore.getState().add(song(1));
    useDownloadsStore.getState().add(song(2));
    useDownloadsStore.getState().add(song(1, { dlt: 5 }));
    expect(useDownloadsStore.getState().songs.map((s) => [s.id, s.dlt])).toEqual([
      [1, 5],
      [2, 1],
    ]);
    expect(JSON.parse(localStorage.getItem('cloudtune-downloads')!).state.songs).toHaveLength(2);
  });

  it('does not download a song again, and says so', () => {
    useDownloadsStore.getState().add(song(1));
    downloadSongs([song(1)]);
    expect(notices.map((n) => n.message)).toEqual(['歌曲已下载']);
  });

  it('queues the others; a song without a URL fails with a reason', async () => {
    configureDownloads({ songUrl: async () => '', lyricText: async () => '' });
    const { result } = renderHook(() => useDownloadJobs());
    downloadSongs([song(7), song(8)]);
    expect(notices.at(-1)?.message).toBe('2 首歌曲已加入下载队列');
    await expect
      .poll(() => useDownloadJobsSnapshot(result.current))
      .toEqual([
        [7, 'failed', '未找到下载链接'],
        [8, 'failed', '未找到下载链接'],
      ]);
  });

  it('plays a desktop download from its file through the shell, and nothing for songs not downloaded', async () => {
    useDownloadsStore.getState().add(song(3, { path: '/home/me/Music/Cloudtune/歌手 - 歌3.mp3' }));
    await expect(downloadedSource(3)).resolves.toMatch(/\/local-file\?path=%2Fhome%2Fme%2FMusic%2FCloudtune%2F/);
    await expect(downloadedSource(4)).resolves.toBeNull();
  });
});

const useDownloadJobsSnapshot = (jobs: ReturnType<typeof useDownloadJobs>) =>
  jobs.filter((j) => j.id === 7 || j.id === 8).map((j) => [j.id, j.status, j.error]);
