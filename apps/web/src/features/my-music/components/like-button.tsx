import { Button } from '../../../components/button.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { useSongLiked } from '../api/like.ts';
import styles from './like-button.module.css';

/** The heart of a song (player bar): filled when liked; the app decides what a click does (login first). */
export function LikeButton({ songId, onToggle, size = 18 }: { songId: number; onToggle: (songId: number) => void; size?: number }) {
  const liked = useSongLiked(songId);
  return (
    <Button
      variant="icon"
      size="sm"
      tone={liked ? 'danger' : 'muted'}
      active={liked}
      className={liked ? styles.liked : undefined}
      aria-label={liked ? '取消喜欢' : '喜欢'}
      aria-pressed={liked}
      title={liked ? '取消喜欢' : '喜欢'}
      onClick={() => onToggle(songId)}
      data-testid="like-button"
    >
      <HeartIcon size={size} />
    </Button>
  );
}
