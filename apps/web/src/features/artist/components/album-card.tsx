import { Link } from 'react-router';
import type { ArtistAlbum } from '@cloudtune/contract';
import { CoverImage } from '../../../components/cover-image.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import styles from './album-grid.module.css';

const COVER = 176;

/** An album: cover with a record peeking out, name, release date; opens /list/album/:id. */
export function AlbumCard({ album }: { album: ArtistAlbum }) {
  return (
    <Link to={`/list/album/${album.id}`} className={styles.card} data-testid="album-card" title={album.name}>
      <div className={styles.sleeve}>
        <span className={styles.record} aria-hidden="true" />
        <CoverImage src={album.picUrl} width={COVER} radius={8} alt={album.name} className={styles.cover} />
      </div>
      <p className={styles.name}>{album.name}</p>
      <p className={styles.meta}>{album.size ? `${formatDate(album.publishTime)} · ${album.size}首` : formatDate(album.publishTime)}</p>
    </Link>
  );
}

export function AlbumGrid({ albums, loading = false }: { albums?: readonly ArtistAlbum[]; loading?: boolean }) {
  return (
    <div className={styles.grid} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={styles.card} aria-hidden="true">
              <Skeleton style={{ aspectRatio: '1', width: '88%' }} radius={8} />
              <Skeleton height={14} width="70%" style={{ marginTop: 10 }} />
            </div>
          ))
        : albums?.map((album) => <AlbumCard key={album.id} album={album} />)}
    </div>
  );
}
