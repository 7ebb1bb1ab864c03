import type { z } from 'zod';

export interface EndpointDef {
  method: 'GET' | 'POST';
  summary: string;
  /** needs a logged-in user: `{code: 301, msg: '需要登录'}` (HTTP 301) without one */
  auth?: boolean;
  /** takes a multipart/form-data file in this field (POST) */
  upload?: string;
  params: z.ZodType;
  response: z.ZodType;
}
