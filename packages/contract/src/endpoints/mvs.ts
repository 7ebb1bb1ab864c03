import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { sublistResponse } from '../entities.ts';
import { cappedIntParam, idParam, intParam, sublistParams } from '../params.ts';

/** MVs: the library holds none, so their lists are empty (never an error) for clients that ask. */

// GET /artist/mv -----------------------------------------------------------------------------
export const artistMvParams = z.object({
  id: idParam('id'),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const mvsResponse = z.looseObject({ code: z.literal(200), mvs: z.array(z.unknown()), hasMore: z.boolean() });

/** MVs. Group registry merged into `endpoints`. */
export const mvEndpoints = {
  '/artist/mv': {
    method: 'GET',
    summary: "An artist's MVs (the library has none: an empty list)",
    params: artistMvParams,
    response: mvsResponse,
  },
  '/mv/sublist': { method: 'GET', summary: 'Collected MVs (none)', auth: true, params: sublistParams, response: sublistResponse },
} as const satisfies Record<string, EndpointDef>;
