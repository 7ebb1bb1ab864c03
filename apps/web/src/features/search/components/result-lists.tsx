import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LyricSearchSong, SearchAlbum, SearchArtist, SearchPlaylist, SearchSong } from '@cloudtune/contract';
import { ArtistCard, ArtistGrid } from '../../../components/artist-card.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { SongTable, type SongRowData } from '../../../components/song-table.tsx';
import { formatCount, formatDuration } from '../../../lib/format.ts';
import { Highlight, MarkedLine } from './highlight.tsx';
import styles from './result-lists.module.css';

/** /search's song format (artists, album, duration) as the song table's rows. */
export const songRow = (s: SearchSong): SongRowData => ({
  id: s.id,
  name: s.name,
  ar: s.artists.map((a) => ({ id: a.id, name: a.name ?? '' })),
  al: { id: s.album.id, name: s.album.name ?? '', picUrl: null },
  dt: s.duration,
  alia: s.alias ?? [],
  // The old search format names the song's `st` `status`.
  ...(typeof s.status === 'number' && { st: s.status }),
  ...(typeof s.fee === 'number' && { fee: s.fee }),
});

export function SongResults({
  songs,
  keywords,
  playingId,
  numberFrom,
  onPlay,
}: {
  songs: readonly SearchSong[];
  keywords: string;
  playingId: number | null;
  numberFrom: number;
  onPlay: (index: number) => void;
}) {
  const mark = (text: string): ReactNode => <Highlight text={text} keywords={keywords} />;
  return <SongTable songs={songs.map(songRow)} playingId={playingId} onPlay={(_s, i) => onPlay(i)} mark={mark} numberFrom={numberFrom} />;
}

export function ArtistResults({ artists }: { artists: readonly SearchArtist[] }) {
  return (
    <ArtistGrid>
      {artists.map((a) => (
        <ArtistCard key={a.id} artist={a} />
      ))}
    </ArtistGrid>
  );
}

export function AlbumResults({ albums, keywords }: { albums: readonly SearchAlbum[]; keywords: string }) {
  return (
    <div className={styles.albumGrid}>
      {albums.map((album) => (
        <Link key={album.id} to={`/list/album/${album.id}`} className={styles.album} data-testid="album-card">
          <CoverImage src={album.picUrl} width={160} radius={8} alt={album.name} />
          <p className={styles.albumName} title={album.name}>
            <Highlight text={album.name} keywords={keywords} />
          </p>
          <p className={styles.muted}>
            <Highlight text={album.artist.name ?? ''} keywords={keywords} />
          </p>
        </Link>
      ))}
    </div>
  );
}

export function PlaylistResults({ playlists, keywords }: { playlists: readonly SearchPlaylist[]; keywords: string }) {
  return (
    <ul className={styles.rows}>
      {playlists.map((p, i) => (
        <li key={p.id} className={`${styles.playlist} ${i % 2 ? styles.odd : ''}`}>
          <Link to={`/list/song/${p.id}`} className={styles.playlistLink} data-testid="playlist-result">
            <CoverImage src={p.coverImgUrl} width={56} radius={6} alt={p.name} />
            <span className={styles.playlistName}>
              <Highlight text={p.name} keywords={keywords} />
            </span>
          </Link>
          <span className={styles.muted}>{p.trackCount}首</span>
          <span className={styles.muted}>by {p.creator.nickname}</span>
          <span className={styles.muted}>播放 {formatCount(p.playCount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The lyric lines a type-1006 result carries (an array, or `{txt}` from the real API). */
export const lyricLines = (s: LyricSearchSong): string[] =>
  Array.isArray(s.lyrics) ? s.lyrics : s.lyrics?.txt ? s.lyrics.txt.split('\n').filter(Boolean) : [];

export function LyricResults({ songs, onPlay }: { songs: readonly LyricSearchSong[]; onPlay: (index: number) => void }) {
  return (
    <ul className={styles.rows}>
      {songs.map((s, i) => (
        <li key={s.id} className={styles.lyricSong} data-testid="lyric-result">
          <div
            className={styles.lyricHead}
            onDoubleClick={() => onPlay(i)}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => e.key === 'Enter' && onPlay(i)}
          >
            <span className={styles.lyricName}>{s.name}</span>
            <span className={styles.muted}>{s.ar.map((a) => a.name).join(' / ')}</span>
            <span className={styles.muted}>{s.al.name}</span>
            <span className={styles.muted}>{formatDuration(s.dt)}</span>
          </div>
          <div className={styles.lines}>
            {lyricLines(s)
              .slice(0, 4)
              .map((line, j) => (
                <p key={j}>
                  <MarkedLine html={line} />
                </p>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
