import type { EndpointDef } from '../endpoint-def.ts';

/** The owner's own music library (import-related endpoints, if any). Group registry merged into `endpoints`. */
export const libraryEndpoints = {} as const satisfies Record<string, EndpointDef>;
