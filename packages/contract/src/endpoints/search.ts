import type { EndpointDef } from '../endpoint-def.ts';

/** Search and search suggestions. Group registry merged into `endpoints`. */
export const searchEndpoints = {} as const satisfies Record<string, EndpointDef>;
