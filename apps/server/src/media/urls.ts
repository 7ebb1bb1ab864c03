/** Image kinds the server draws artwork for; also the only folder names media paths may use. */
export const IMAGE_KINDS = ['album', 'playlist', 'artist', 'avatar', 'background', 'banner'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/**
 * Absolute media URLs for one request's origin (`http://host:port/api`): clients on any origin
 * — browser, desktop shell, another device on the LAN — get links that work for them.
 */
export interface MediaUrls {
  image(kind: ImageKind, id: number): string;
  /** `suffix` names the variant: `.mp3`, `.flac` (an original) or `-128k.mp3` (a transcode) */
  audio(songId: number, suffix?: string): string;
  /** an avatar a user uploaded, named by its content hash (so a new one is a new URL) */
  uploadedAvatar(hash: string): string;
  /** a cloud drive song (`suffix` e.g. `.flac`): plays for its owner only */
  cloudAudio(songId: number, suffix: string): string;
}

export function mediaUrls(apiBase: string): MediaUrls {
  return {
    image: (kind, id) => `${apiBase}/media/image/${kind}/${id}.jpg`,
    audio: (songId, suffix = '.mp3') => `${apiBase}/media/audio/${songId}${suffix}`,
    uploadedAvatar: (hash) => `${apiBase}/media/avatar/${hash}.jpg`,
    cloudAudio: (songId, suffix) => `${apiBase}/media/cloud/${songId}${suffix}`,
  };
}
