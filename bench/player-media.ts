import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlaylist, openDatabase } from '@cloudtune/server';

/** Songs per case of the first-sound bench (each played once: never played before). */
export const SAMPLES = Number(process.env.BENCH_PLAYER_SAMPLES ?? 12);

/** The player bench's songs, each case in a playlist of its own (all rows on one screen). */
export interface PlayerMedia {
  /** demo songs never played: a cold page's first pick */
  cold: PlayList;
  /** the same, picked while the server renders two other songs (one prepared, one for another listener) */
  busy: PlayList;
  /** songs the server renders meanwhile, two per busy pick */
  busyWork: number[];
  /** demo songs never played, each the first pick of a new browser (its audio service not started) */
  freshBrowser: PlayList;
  /** imported MP3s, played as they are */
  mp3: PlayList;
  /** imported FLACs, played through the transcoder (the client asks for 320k) */
  flac: PlayList;
  /** demo songs never played, picked one after another in one page */
  warm: PlayList;
  /** demo songs never played, reached with 下一首 */
  next: PlayList;
  /** demo songs rendered before the run and served as static files by nginx: the baseline */
  baseline: PlayList;
  /** demo songs never played, a cold page's first pick on an emulated phone (phone.ts) */
  phone: PlayList;
  /** the baseline's kind of songs (static files from nginx), picked on the emulated phone */
  phoneBaseline: PlayList;
}

export interface PlayList {
  playlistId: number;
  ids: number[];
}

const serverCli = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));

/** An audio file ffmpeg makes: `seconds` of a chord on `hz`, with tags. */
function makeTrack(path: string, hz: number, seconds: number, title: string, codec: string[]): void {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=44100:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${hz * 1.5}:sample_rate=44100:duration=${seconds}`],
    ...['-filter_complex', 'amix=inputs=2,volume=0.6', '-ac', '2'],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=基准测试', '-metadata', 'album=首音基准'],
    ...codec,
    path,
  ]);
}

/**
 * Before the server starts on `dataDir` (the big library): imports SAMPLES MP3s (192k) and FLACs
 * of 90 s made by ffmpeg, and makes one playlist per case from songs no other bench plays.
 */
export async function preparePlayerMedia(dataDir: string): Promise<PlayerMedia> {
  // Imported files stay where they are: in the data directory, removed with it.
  const folder = join(dataDir, 'bench-music');
  mkdirSync(join(folder, 'mp3'), { recursive: true });
  mkdirSync(join(folder, 'flac'), { recursive: true });
  for (let i = 0; i < SAMPLES; i++) {
    makeTrack(join(folder, 'mp3', `mp3-${i}.mp3`), 220 + i * 7, 90, `原样播放 ${i + 1}`, ['-c:a', 'libmp3lame', '-b:a', '192k']);
    makeTrack(join(folder, 'flac', `flac-${i}.flac`), 330 + i * 7, 90, `无损转码 ${i + 1}`, ['-c:a', 'flac']);
  }
  execFileSync(process.execPath, [serverCli, 'import', folder], { env: { ...process.env, CLOUDTUNE_DATA: dataDir }, stdio: 'ignore' });
  const db = await openDatabase(dataDir);
  try {
    const imported = async (type: string) =>
      ((await db.prepare('SELECT song_id AS id FROM library_files WHERE type = ? ORDER BY path').all(type)) as { id: number }[]).map(
        (r) => r.id,
      );
    const demo = ((await db.prepare('SELECT id FROM songs ORDER BY id LIMIT 10000').all()) as { id: number }[]).map((r) => r.id);
    // Songs 6,000 and up: the big-library benches and the heap bench play others.
    let at = 6000;
    const take = (n: number) => demo.slice(at, (at += n));
    const list = async (name: string, ids: number[]): Promise<PlayList> => ({
      playlistId: await createPlaylist(db, { name, trackIds: ids }),
      ids,
    });
    return {
      cold: await list('首音 · 冷启动', take(SAMPLES)),
      busy: await list('首音 · 服务器忙', take(SAMPLES)),
      busyWork: take(SAMPLES * 2),
      freshBrowser: await list('首音 · 新浏览器', take(SAMPLES)),
      mp3: await list('首音 · 导入 MP3', await imported('mp3')),
      flac: await list('首音 · 导入 FLAC', await imported('flac')),
      warm: await list('首音 · 连续点播', take(SAMPLES)),
      next: await list('首音 · 下一首', take(SAMPLES + 1)),
      baseline: await list('首音 · 基线（nginx 静态文件）', take(SAMPLES)),
      phone: await list('首音 · 手机', take(SAMPLES)),
      phoneBaseline: await list('首音 · 手机基线（nginx 静态文件）', take(SAMPLES)),
    };
  } finally {
    await db.close();
  }
}
