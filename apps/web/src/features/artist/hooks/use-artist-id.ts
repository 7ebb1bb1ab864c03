import { useParams } from 'react-router';

/** The page's artist id from `/artist/:id`; NaN when it is not a positive integer. */
export function useArtistId(): number {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : NaN;
}
