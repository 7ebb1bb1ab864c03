import type { z } from 'zod';

export interface EndpointDef {
  method: 'GET' | 'POST';
  summary: string;
  params: z.ZodType;
  response: z.ZodType;
}
