import type { Payload } from '../../http/subsonic-envelope.ts';
import { invalidParam, parseAnyId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

/** setRating (Subsonic 1.6): a song (`123`), an album (`al-1`) or an artist (`ar-1`), 1–5, or 0 to remove the rating. */
export const ratingMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  setRating: async ({ params, services, userId }) => {
    const { kind, id } = parseAnyId(params.required('id'));
    if (kind === 'playlist') throw invalidParam('id', 'must name a song, an album (al-1) or an artist (ar-1)');
    const text = params.required('rating').trim();
    if (!/^[0-5]$/.test(text)) throw invalidParam('rating', 'must be an integer from 0 to 5');
    await services.ratings.rate(userId, kind, id, Number(text));
    return {};
  },
};
