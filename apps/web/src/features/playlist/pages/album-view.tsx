import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isNotFound } from '../../../lib/http.ts';
import { SongTable } from '../../../components/song-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAlbum } from '../api/album.ts';
import { ListHeader } from '../components/list-header.tsx';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { useCollectToggle } from '../hooks/use-collect-toggle.ts';
import type { ListPageProps } from './list-page-props.ts';
import styles from './list-page.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /list/album/:id — an album from /album. */
export function AlbumView({ id, playingId, onPlay, requireLogin, onDownloadAll }: ListPageProps & { id: number }) {
  const query = useAlbum(id);
  const subscribed = !!query.data?.album.info?.liked;
  const collect = useCollectToggle('album', id, subscribed, requireLogin);
  useDocumentTitle(query.data?.album.name);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? <EmptyList text="专辑不存在" /> : <LoadError onRetry={() => void query.refetch()} />;
  }
  const { album, songs } = query.data;
  const artists = album.artists?.length ? album.artists : [album.artist];

  return (
    <>
      <ListHeader
        badge="专辑"
        cover={album.picUrl}
        name={album.name}
        byline={
          <>
            <span className={styles.label}>歌手：</span>
            {artists.map((artist, i) => (
              <span key={artist.id}>
                {i > 0 ? ' / ' : null}
                <Link to={`/artist/${artist.id}`}>{artist.name}</Link>
              </span>
            ))}
            <span className={styles.date}>时间：{formatDate(album.publishTime)}</span>
            {album.company ? <span className={styles.date}>发行：{album.company}</span> : null}
          </>
        }
        description={album.description || album.briefDesc}
        songCount={songs.length}
        collected={collect.collected}
        canPlay={songs.length > 0}
        onPlayAll={() => onPlay(songs, 0)}
        onDownloadAll={onDownloadAll && (() => onDownloadAll(songs))}
        onCollect={collect.toggle}
      />
      <section className={styles.tracks} aria-label="歌曲列表">
        <SongTable songs={songs} playingId={playingId} showAlbum={false} onPlay={(_song, index) => onPlay(songs, index)} />
      </section>
    </>
  );
}
