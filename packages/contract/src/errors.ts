import { z } from 'zod';

/** Every error body: `{code, msg}`; the HTTP status equals `code` where it is an HTTP status. */
export const apiError = z.looseObject({ code: z.number(), msg: z.string() });
export type ApiError = z.infer<typeof apiError>;
