import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { okResponse, song } from '../entities.ts';
import { idParam, noParams } from '../params.ts';

/** 私人FM: a few songs at a time from the listener's taste, and songs kept out of it. */

// GET /personal_fm -----------------------------------------------------------------------------
export const personalFmResponse = z.looseObject({ code: z.literal(200), popAdjust: z.boolean(), data: z.array(song) });

// POST /fm_trash -------------------------------------------------------------------------------
export const fmTrashParams = z.object({ id: idParam('id') });

/** 私人FM. Group registry merged into `endpoints`. */
export const fmEndpoints = {
  '/personal_fm': {
    method: 'GET',
    summary: '私人FM: three songs from the listener’s taste',
    params: noParams,
    response: personalFmResponse,
  },
  '/fm_trash': {
    method: 'POST',
    summary: 'Keep a song out of the listener’s 私人FM',
    auth: true,
    params: fmTrashParams,
    response: okResponse,
  },
} as const satisfies Record<string, EndpointDef>;
