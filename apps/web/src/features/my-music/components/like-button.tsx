import { HeartButton } from '../../../components/heart-button.tsx';
import { useSongLiked } from '../api/like.ts';

/** The heart of a song (player bar): filled when liked; the app decides what a click does (login first). */
export function LikeButton({ songId, onToggle, size = 18 }: { songId: number; onToggle: (songId: number) => void; size?: number }) {
  const liked = useSongLiked(songId);
  return <HeartButton liked={liked} size="sm" iconSize={size} title onClick={() => onToggle(songId)} data-testid="like-button" />;
}
