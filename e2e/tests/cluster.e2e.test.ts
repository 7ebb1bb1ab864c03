import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCluster, type Cluster } from '../src/cluster.ts';

/**
 * Two server processes behind nginx, PostgreSQL and S3 underneath: what a user does through
 * nginx works whichever process answers, a session made on one is honoured by the other, and a
 * process killed with kill -9 while writes pour in loses no write it acknowledged; the other
 * answers every later request.
 */
let cluster: Cluster;
const work = mkdtempSync(join(tmpdir(), 'cloudtune-cluster-e2e-'));

beforeAll(async () => {
  cluster = await startCluster({ processes: 2 });
}, 240_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(work, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A request through nginx (or `base`), as a logged-in user when `cookie` is given. */
async function api(path: string, { cookie, base, init }: { cookie?: string; base?: string; init?: RequestInit } = {}) {
  const res = await fetch(`${base ?? cluster.origin}/api${path}`, {
    method: 'POST',
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init?.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json, headers: res.headers };
}

const PHONE = '13912345678';
const PASSWORD = 'cluster-pw-1';
let cookie = '';

describe('a listener through nginx, on two processes', () => {
  test('registers with an SMS captcha, logs in, and the session works on each process', async () => {
    expect((await api(`/captcha/sent?phone=${PHONE}`)).body).toMatchObject({ code: 200 });
    const code = cluster.sms.findLast((m) => m.phone === PHONE)?.code;
    expect(code).toMatch(/^\d+$/);
    const registered = await api(
      `/register/cellphone?${new URLSearchParams({ phone: PHONE, captcha: code!, password: PASSWORD, nickname: '集群' })}`,
    );
    expect(registered.body.code).toBe(200);

    const login = await api(`/login/cellphone?${new URLSearchParams({ phone: PHONE, password: PASSWORD })}`);
    expect(login.body.code).toBe(200);
    cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    // The session lives in the database: each process, asked directly, knows the user.
    for (const server of cluster.servers) {
      const status = await api('/login/status', { cookie, base: server.url });
      expect(status.body.data.profile.nickname).toBe('集群');
    }
  });

  test('uploads to the cloud drive, likes, makes a playlist and plays, on whichever process answers', async () => {
    const song = join(work, '集群之歌.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-b:a', '128k', song]);
    const form = new FormData();
    form.append('songFile', new Blob([readFileSync(song)], { type: 'audio/mpeg' }), '集群之歌.mp3');
    const uploaded = await api('/cloud', { cookie, init: { body: form } });
    expect(uploaded.body.code).toBe(200);
    const cloudId = Number(uploaded.body.privateCloud.simpleSong.id);

    // Every read below is made of each process in turn: both see the write at once.
    for (const server of cluster.servers) {
      const drive = await api('/user/cloud', { cookie, base: server.url });
      expect(drive.body.data.map((s: Json) => s.songId)).toContain(cloudId);
    }

    const demoSong = (await api('/top/song?type=0')).body.data[0].id as number;
    expect((await api(`/like?id=${demoSong}&like=true`, { cookie })).body.code).toBe(200);
    for (const server of cluster.servers) expect((await api('/likelist', { cookie, base: server.url })).body.ids).toContain(demoSong);

    const made = await api(`/playlist/create?name=${encodeURIComponent('集群歌单')}`, { cookie });
    const playlistId = made.body.id as number;
    expect((await api(`/playlist/tracks?op=add&pid=${playlistId}&tracks=${demoSong}`, { cookie })).body.code).toBe(200);
    for (const server of cluster.servers) {
      const detail = await api(`/playlist/detail?id=${playlistId}`, { cookie, base: server.url });
      expect(detail.body.playlist.trackIds.map((t: Json) => t.id)).toEqual([demoSong]);
    }

    // Play: the URL /song/url gives is fetched through nginx, with a Range, from S3 behind the server.
    for (const id of [demoSong, cloudId]) {
      const url = (await api(`/song/url?id=${id}`, { cookie })).body.data[0].url as string;
      expect(url).toBeTruthy();
      // nginx passes the Host on, so the URL the server wrote points at nginx.
      expect(url.startsWith(cluster.origin)).toBe(true);
      const media = await fetch(url, { headers: { cookie, range: 'bytes=0-1023' } });
      expect(media.status).toBe(206);
      expect((await media.arrayBuffer()).byteLength).toBe(1024);
    }
  });
});

describe('a process killed with kill -9 under load', () => {
  test('loses no acknowledged write, and the other answers every later request', async () => {
    const made = await api(`/playlist/create?name=${encodeURIComponent('压力歌单')}`, { cookie });
    const playlistId = made.body.id as number;
    const songIds = ((await api('/top/song?type=0')).body.data as Json[]).map((s) => s.id as number).slice(0, 60);
    expect(songIds.length).toBeGreaterThanOrEqual(40);

    const acknowledged: number[] = [];
    const failedDuringKill: string[] = [];
    let killed = false;
    const failuresAfterKill: string[] = [];
    // Four writers add songs one request each, and readers read the playlist, all through nginx.
    let next = 0;
    const writer = async () => {
      for (;;) {
        const i = next++;
        if (i >= songIds.length) return;
        if (i === 15) {
          cluster.servers[0]!.crash();
          killed = true;
        }
        const res = await api(`/playlist/tracks?op=add&pid=${playlistId}&tracks=${songIds[i]}`, { cookie }).catch((err: Error) => ({
          status: 0,
          body: { code: 0, msg: err.message } as Json,
        }));
        if (res.status === 200 && res.body.code === 200) acknowledged.push(songIds[i]!);
        else (killed && i < 20 ? failedDuringKill : failuresAfterKill).push(`${songIds[i]}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const reader = async () => {
      while (next < songIds.length) {
        const res = await api(`/playlist/detail?id=${playlistId}`, { cookie }).catch(() => ({ status: 0, body: {} as Json }));
        if (killed && next > 20 && res.status !== 200) failuresAfterKill.push(`detail: ${res.status}`);
      }
    };
    await Promise.all([writer(), writer(), writer(), writer(), reader(), reader()]);

    console.log(
      `cluster kill -9: ${acknowledged.length} of ${songIds.length} writes acknowledged; ${failedDuringKill.length} failed around the kill; ${failuresAfterKill.length} after it`,
    );
    // Every acknowledged add is in the playlist, read from the surviving process.
    const detail = await api(`/playlist/detail?id=${playlistId}`, { cookie, base: cluster.servers[1]!.url });
    const stored = new Set((detail.body.playlist.trackIds as Json[]).map((t) => t.id as number));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // After the kill, nginx sends everything to the survivor: nothing fails.
    expect(failuresAfterKill).toEqual([]);
    // And a fresh request of every kind works.
    expect((await api('/login/status', { cookie })).body.data.profile.nickname).toBe('集群');
    expect((await api(`/song/url?id=${songIds[0]}`, { cookie })).body.data[0].url).toBeTruthy();
  });
});
