import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { PlayIcon } from '../../../components/icons.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import type { ArtistDetail } from '../api/artist-detail.ts';
import styles from './artist-header.module.css';

const PICTURE = 184;

interface ArtistHeaderProps {
  detail: ArtistDetail;
  /** the hot songs are loaded (播放热门 has something to play) */
  canPlay: boolean;
  onPlayHot: () => void;
}

/** Names the artist goes by besides `name` (aliases and translations), each once. */
export const aliasesOf = (artist: ArtistDetail['artist']) =>
  [...new Set([...(artist.alias ?? []), ...(artist.transNames ?? [])])].filter((a) => a && a !== artist.name);

/** The artist page head: picture, name, aliases, 播放热门 and the counts. */
export function ArtistHeader({ detail, canPlay, onPlayHot }: ArtistHeaderProps) {
  const { artist } = detail;
  const aliases = aliasesOf(artist);
  const identity = detail.identify?.imageDesc;
  return (
    <header className={styles.header}>
      <CoverImage src={artist.avatar || artist.cover} width={PICTURE} radius={12} className={styles.picture} alt={artist.name} eager />
      <div className={styles.info}>
        <h1 className={styles.name}>
          <span className={styles.badge}>歌手</span>
          {artist.name}
        </h1>
        {aliases.length ? <p className={styles.aliases}>{aliases.join('；')}</p> : null}
        {identity ? <p className={styles.identity}>{identity}</p> : null}
        <div className={styles.actions}>
          <Button variant="primary" size="md" onClick={onPlayHot} disabled={!canPlay}>
            <PlayIcon size={16} /> 播放热门
          </Button>
        </div>
        <dl className={styles.counts}>
          <div>
            <dt>单曲数：</dt>
            <dd>{artist.musicSize}</dd>
          </div>
          <div>
            <dt>专辑数：</dt>
            <dd>{artist.albumSize}</dd>
          </div>
          <div>
            <dt>MV数：</dt>
            <dd>{artist.mvSize}</dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

export function ArtistHeaderSkeleton() {
  return (
    <div className={styles.header} aria-busy="true" aria-label="加载中">
      <Skeleton width={PICTURE} height={PICTURE} radius={12} />
      <div className={styles.info}>
        <Skeleton width="30%" height={28} />
        <Skeleton width="20%" height={16} style={{ marginTop: 14 }} />
        <Skeleton width={120} height={34} radius={17} style={{ marginTop: 22 }} />
        <Skeleton width="40%" height={14} style={{ marginTop: 22 }} />
      </div>
    </div>
  );
}
