import { useParams } from 'react-router';
import { EmptyList } from '../../../components/empty-list.tsx';
import { AlbumView } from './album-view.tsx';
import type { ListPageProps } from './list-page-props.ts';
import { PlaylistView } from './playlist-view.tsx';
import styles from './list-page.module.css';

/** /list/:type/:playlist — type `song` is a playlist, `album` an album. */
export function ListPage(props: ListPageProps) {
  const { type, playlist } = useParams();
  const id = Number(playlist);
  let content;
  if (!Number.isInteger(id) || id <= 0) content = <EmptyList text="歌单不存在" />;
  else if (type === 'song') content = <PlaylistView key={id} id={id} {...props} />;
  else if (type === 'album') content = <AlbumView key={id} id={id} {...props} />;
  else content = <EmptyList text="歌单不存在" />;
  return <div className={styles.page}>{content}</div>;
}
