import { ArtistCard, ArtistGrid } from '../../../components/artist-card.tsx';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useSimilarArtists } from '../api/similar.ts';
import { useArtistId } from '../hooks/use-artist-id.ts';
import styles from './artist-page.module.css';

/** 相似歌手: /simi/artist as cards linking to those artists. */
export function SimilarTab() {
  const id = useArtistId();
  const similar = useSimilarArtists(id);
  if (similar.isPending) return <ArtistGrid loading placeholders={12} />;
  if (similar.isError) return <LoadError onRetry={() => void similar.refetch()} />;
  if (similar.data.length === 0) return <EmptyList />;
  return (
    <div className={styles.similar}>
      <ArtistGrid>
        {similar.data.map((artist) => (
          <ArtistCard key={artist.id} artist={artist} />
        ))}
      </ArtistGrid>
    </div>
  );
}
