/** What the OS refuses in a file name (Windows is the strictest), and control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\:*?"<>|\u0000-\u001f]/g;
const AUDIO_EXTENSIONS = new Set(['mp3', 'flac', 'ogg', 'opus', 'm4a', 'aac', 'wav']);

/** The audio file's extension from its URL's path (`/media/audio/12-128k.mp3` → mp3); mp3 when unknown. */
export function extensionOf(url: string): string {
  try {
    const ext = /\.([a-z0-9]{2,5})$/i.exec(new URL(url, 'http://x/').pathname)?.[1]?.toLowerCase();
    return ext && AUDIO_EXTENSIONS.has(ext) ? ext : 'mp3';
  } catch {
    return 'mp3';
  }
}

/**
 * A downloaded song's file name (issue 11): `Artist - Title.ext`, artists joined by a comma,
 * characters the OS refuses replaced, no leading dot, at most 180 characters before the extension.
 */
export function downloadFileName(song: { name: string; ar: readonly { name: string | null }[] }, ext: string): string {
  const artists = song.ar
    .map((a) => a.name)
    .filter(Boolean)
    .join(',');
  const base = (artists ? `${artists} - ${song.name}` : song.name).replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim();
  const safe = base.replace(/^\.+/, '').slice(0, 180).trim() || 'song';
  return `${safe}.${ext}`;
}
