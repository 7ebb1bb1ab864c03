import { useParams } from 'react-router';

/** The page's user id from the route (`:uid`); NaN when it is not a number. */
export function useRouteUid(): number {
  const { uid } = useParams();
  return uid && /^\d+$/.test(uid) ? Number(uid) : Number.NaN;
}
