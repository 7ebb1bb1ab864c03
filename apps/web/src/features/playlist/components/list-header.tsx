import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { DownloadIcon, HeartIcon, PlayIcon } from '../../../components/icons.tsx';
import { formatCount } from '../../../lib/format.ts';
import { Description } from './description.tsx';
import styles from './list-header.module.css';

export interface ListHeaderProps {
  badge: '歌单' | '智能歌单' | '专辑';
  cover: string | null | undefined;
  name: string;
  /** the creator line (playlist) or the artist line (album) */
  byline: ReactNode;
  tags?: readonly string[];
  description?: string | null;
  songCount: number;
  playCount?: number;
  collected?: boolean;
  collectCount?: number;
  canPlay: boolean;
  onPlayAll: () => void;
  /** absent: no 收藏 button (one's own playlist) */
  onCollect?: () => void;
  /** one's own playlist: 编辑 / 删除 */
  ownerActions?: ReactNode;
  /** 下载全部 (shown when given) */
  onDownloadAll?: () => void;
  extra?: ReactNode;
}

const COVER = 184;

/** The header of a playlist or album page: cover, name, byline, actions, tags, counts, description. */
export function ListHeader(props: ListHeaderProps) {
  const { badge, cover, name, byline, tags, description, songCount, playCount, collected, collectCount } = props;
  return (
    <header className={styles.header}>
      <CoverImage src={cover} width={COVER} radius={12} className={styles.cover} alt={name} eager />
      <div className={styles.info}>
        <h1 className={styles.name}>
          <span className={styles.badge}>{badge}</span>
          {name}
        </h1>
        <div className={styles.byline}>{byline}</div>
        <div className={styles.actions}>
          <Button variant="primary" size="md" onClick={props.onPlayAll} disabled={!props.canPlay}>
            <PlayIcon size={16} /> 播放全部
          </Button>
          {props.ownerActions}
          {props.onCollect ? (
            <Button variant="secondary" size="md" active={collected} onClick={props.onCollect} aria-pressed={!!collected}>
              <HeartIcon size={16} /> {collected ? '已收藏' : '收藏'}
              {collectCount ? `(${formatCount(collectCount)})` : ''}
            </Button>
          ) : null}
          {props.onDownloadAll ? (
            <Button variant="secondary" size="md" onClick={props.onDownloadAll} disabled={!props.canPlay}>
              <DownloadIcon size={16} /> 下载全部
            </Button>
          ) : null}
        </div>
        <dl className={styles.facts}>
          {tags?.length ? (
            <div>
              <dt>标签：</dt>
              <dd>
                {tags.map((tag, i) => (
                  <span key={tag}>
                    {i > 0 ? ' / ' : null}
                    <Link className={styles.tag} to={`/music/songlist?tag=${encodeURIComponent(tag)}`}>
                      {tag}
                    </Link>
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>歌曲：</dt>
            <dd className={styles.num}>{songCount}</dd>
            {playCount !== undefined ? (
              <>
                <dt className={styles.gap}>播放：</dt>
                <dd className={styles.num}>{formatCount(playCount)}</dd>
              </>
            ) : null}
          </div>
          {props.extra}
          {description ? <Description text={description} /> : null}
        </dl>
      </div>
    </header>
  );
}
