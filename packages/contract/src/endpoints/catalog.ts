import type { EndpointDef } from '../endpoint-def.ts';

/** Playlist square, charts (and /scrobble) and artists. Group registry merged into `endpoints`. */
export const catalogEndpoints = {} as const satisfies Record<string, EndpointDef>;
