import { request } from '../../../lib/http.ts';

/**
 * POST /song/prepare — Cloudtune's server makes a song's audio ahead of its first play, so the
 * next song of the queue starts from disk when 下一首 is pressed. Best effort: a plain
 * NeteaseCloudMusicApi server answers 404, a busy one says so; neither matters to playback.
 */
export async function prepareOnServer(id: number): Promise<void> {
  try {
    await request('/song/prepare', { method: 'POST', params: { id } });
  } catch (error) {
    console.debug('[player] prepare ahead skipped', id, error);
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
