import { api } from '../../../lib/api.ts';
import { isNotFound } from '../../../lib/http.ts';

/** false once the server showed it has no /song/prepare (a plain NeteaseCloudMusicApi server) */
let serverPrepares = true;

/**
 * POST /song/prepare — Cloudtune's server makes a song's audio ahead of its first play (a demo
 * song is rendered on its first play), so the next song of the queue starts from disk when
 * 下一首 is pressed. Only for the next song: a prepared render runs to its end, so preparing
 * every song picked would hold the server's encoders for songs already skipped.
 * Best effort: a busy server says so; a server without the call answers 404, after which it is
 * not asked again (an unknown song's 404 stops it too, at the cost of nothing but speed).
 */
export async function prepareOnServer(id: number): Promise<void> {
  if (!serverPrepares) return;
  try {
    await api('/song/prepare', { id }, { method: 'POST' });
  } catch (error) {
    if (isNotFound(error)) serverPrepares = false;
    console.debug('[player] prepare skipped', id, error);
  }
}

/** Asks once per song: the same upcoming song is not asked for on every play/pause. */
export function createPrepareAhead(prepare: (id: number) => Promise<void> = prepareOnServer) {
  let asked: number | null = null;
  return (id: number | null | undefined): void => {
    if (id == null || id === asked) return;
    asked = id;
    void prepare(id);
  };
}
