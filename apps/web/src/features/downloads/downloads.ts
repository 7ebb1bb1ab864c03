import { useSyncExternalStore } from 'react';
import { sizedImage } from '../../lib/image.ts';
import { notify } from '../../lib/notice.ts';
import { desktopBridge, isDesktop, localFileUrl, platform } from '../../lib/platform.ts';
import { createDownloadQueue, type RunContext } from './download-queue.ts';
import { useDownloadsStore, type DownloadedSong } from './downloads.store.ts';
import { readWithProgress } from './fetch-progress.ts';
import { downloadFileName, extensionOf } from './file-name.ts';
import { dropSong, keepSong, offlineAudio, offlineAudioUrl } from './offline-store.ts';

/** A song as a list hands it over (contract songs and queued songs both fit). */
export type SongToDownload = Omit<DownloadedSong, 'size' | 'dlt' | 'path'>;

/**
 * What the app gives this feature: where a song's audio is (the player's /song/url with the
 * settings' bit rate) and its LRC text (the lyrics feature's /lyric).
 */
export interface DownloadServices {
  songUrl: (id: number, signal: AbortSignal) => Promise<string>;
  lyricText: (id: number, signal: AbortSignal) => Promise<string>;
  /** desktop: the 下载目录 chosen in 设置 ('' = the shell's default) */
  downloadDirectory?: () => string;
}

let services: DownloadServices | null = null;

export function configureDownloads(next: DownloadServices): void {
  services = next;
}

interface SavedFile {
  size: number;
  path?: string;
}

async function audioUrl(song: SongToDownload, signal: AbortSignal): Promise<string> {
  if (!services) throw new Error('下载尚未就绪');
  const url = await services.songUrl(song.id, signal);
  if (!url) throw new Error('未找到下载链接');
  return url;
}

/** Browser: the audio and the cover kept in Cache Storage for offline listening. */
async function saveInBrowser(song: SongToDownload, { signal, onProgress }: RunContext): Promise<SavedFile> {
  const url = await audioUrl(song, signal);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`下载失败（${response.status}）`);
  const audio = await readWithProgress(response, onProgress);
  const cover = song.al.picUrl
    ? await fetch(sizedImage(song.al.picUrl, 300), { signal })
        .then((r) => (r.ok ? r.blob() : null))
        .catch(() => null)
    : null;
  await keepSong(song.id, audio, cover, song.al.picUrl);
  return { size: audio.size };
}

/** Desktop: the shell writes `Artist - Title.ext` with its tags, cover and lyrics into the download folder. */
async function saveOnDesktop(song: SongToDownload, { signal }: RunContext): Promise<SavedFile> {
  const bridge = desktopBridge()?.downloads;
  if (!bridge) throw new Error('桌面客户端不可用');
  const url = await audioUrl(song, signal);
  // The folder chosen in 设置 → 下载; the shell refuses one that is not an absolute path.
  const directory = services?.downloadDirectory?.().trim();
  if (directory) await bridge.setDirectory(directory).catch(() => undefined);
  const lyrics = services ? await services.lyricText(song.id, signal).catch(() => '') : '';
  const file = await bridge.save({
    url,
    fileName: downloadFileName(song, extensionOf(url)),
    tags: {
      title: song.name,
      artists: song.ar.map((a) => a.name ?? '').filter(Boolean),
      album: song.al.name ?? '',
      ...(lyrics && { lyrics }),
      ...(song.al.picUrl && { coverUrl: sizedImage(song.al.picUrl, 500) }),
    },
  });
  return file;
}

const trim = (song: SongToDownload): SongToDownload => ({
  id: song.id,
  name: song.name,
  ar: song.ar.map(({ id, name }) => ({ id, name })),
  al: { id: song.al.id, name: song.al.name, picUrl: song.al.picUrl ?? null },
  dt: song.dt,
  ...(song.alia?.length ? { alia: song.alia } : {}),
});

const queue = createDownloadQueue<SongToDownload, SavedFile>({
  run: (song, context) => (isDesktop(platform) ? saveOnDesktop(song, context) : saveInBrowser(song, context)),
  onDone: (song, file) =>
    useDownloadsStore.getState().add({ ...song, size: file.size, dlt: Date.now(), ...(file.path && { path: file.path }) }),
});

/** 下载 / 下载全部: the songs join the queue (songs already downloaded are skipped). */
export function downloadSongs(songs: readonly SongToDownload[]): void {
  const kept = new Set(useDownloadsStore.getState().songs.map((s) => s.id));
  const fresh = songs.filter((s) => !kept.has(s.id));
  if (fresh.length === 0) {
    notify({ kind: 'info', message: songs.length === 1 ? '歌曲已下载' : '歌曲都已下载' });
    return;
  }
  const added = queue.add(fresh.map(trim));
  if (added.length) notify({ kind: 'success', message: added.length === 1 ? '已加入下载队列' : `${added.length} 首歌曲已加入下载队列` });
}

export const cancelDownload = (id: number) => queue.cancel(id);
export const retryDownload = (id: number) => queue.retry(id);
export const clearFinishedDownloads = () => queue.clearFinished();

export const useDownloadJobs = () => useSyncExternalStore(queue.subscribe, queue.jobs);

/** Removes a download: the kept audio (browser) or the file (desktop), and the entry. */
export async function deleteDownload(song: DownloadedSong): Promise<void> {
  if (song.path) await desktopBridge()?.downloads?.remove?.(song.path);
  else {
    // An album's songs share one cover: it stays while another of them is kept.
    const shared = useDownloadsStore.getState().songs.some((s) => s.id !== song.id && s.al.picUrl === song.al.picUrl);
    await dropSong(song.id, shared ? null : song.al.picUrl);
  }
  useDownloadsStore.getState().remove(song.id);
}

/**
 * Where a downloaded song plays from without the server (the player asks this first): an
 * object URL of the kept audio in a browser, the file through the shell's local-file route on
 * the desktop. null for songs not downloaded.
 */
export async function downloadedSource(id: number): Promise<string | null> {
  const song = useDownloadsStore.getState().songs.find((s) => s.id === id);
  if (!song) return null;
  if (song.path) return localFileUrl(song.path);
  return offlineAudioUrl(id).catch(() => null);
}

/** 保存到本地 (browser): the kept file saved to the user's disk through the browser's download. */
export async function saveToDisk(song: DownloadedSong): Promise<void> {
  const blob = await offlineAudio(song.id);
  if (!blob) {
    notify({ kind: 'error', message: '文件不存在，请重新下载' });
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = downloadFileName(song, blob.type === 'audio/flac' ? 'flac' : 'mp3');
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
