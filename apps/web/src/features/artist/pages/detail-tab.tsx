import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useArtistDesc } from '../api/artist-desc.ts';
import { useArtistDetail } from '../api/artist-detail.ts';
import { useArtistId } from '../hooks/use-artist-id.ts';
import styles from './artist-page.module.css';

/** 歌手详情: /artist/desc's brief description, then its titled introduction sections. */
export function DetailTab() {
  const id = useArtistId();
  const desc = useArtistDesc(id);
  const name = useArtistDetail(id).data?.artist.name;

  if (desc.isPending) {
    return (
      <div className={styles.prose} aria-busy="true" aria-label="加载中">
        <Skeleton width={160} height={20} style={{ marginTop: 24 }} />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={16} style={{ marginTop: 12 }} />
        ))}
      </div>
    );
  }
  if (desc.isError) return <LoadError onRetry={() => void desc.refetch()} />;
  const brief = desc.data.briefDesc.trim();
  const sections = desc.data.introduction.filter((s) => s.ti.trim() || s.txt.trim());
  if (!brief && sections.length === 0) return <EmptyList />;

  return (
    <article className={styles.prose} data-testid="artist-desc">
      {brief ? (
        <section>
          <h3>{name ? `${name}简介` : '歌手简介'}</h3>
          <p>{brief}</p>
        </section>
      ) : null}
      {sections.map((section, i) => (
        <section key={`${section.ti}-${i}`}>
          {section.ti ? <h3>{section.ti}</h3> : null}
          <p>{section.txt}</p>
        </section>
      ))}
    </article>
  );
}
