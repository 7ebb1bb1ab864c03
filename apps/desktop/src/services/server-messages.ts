import { z } from 'zod';

/** What the server process tells the shell, and what the shell tells it. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening'), port: z.number().int().min(1).max(65535) }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export type ShellMessage = { type: 'stop' };
