import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { shellSettingsPatchSchema } from './shell-settings.ts';

/**
 * Every IPC channel between the preload script and the main process, with the arguments the
 * main process accepts. The renderer is treated as untrusted: each call's arguments are parsed
 * here before anything is done with them (Electron's security checklist).
 */
const absolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'a path has no NUL')
  .refine((p) => isAbsolute(p), 'an absolute path');

const chooseFolderOptions = z
  .object({ title: z.string().max(200).optional(), defaultPath: absolutePath.optional() })
  .strict()
  .optional();

/** A plain file name: no folders, no `..`, nothing the OS refuses. */
const fileName = z
  .string()
  .min(1)
  .max(200)
  .refine((n) => !/[/\\:*?"<>|\0]/.test(n) && n !== '.' && n !== '..' && !n.startsWith('.'), 'a plain file name');

const text = (max: number) => z.string().max(max);

/** Tags written into a downloaded file: bounded, so a page cannot make the shell build a huge tag. */
const downloadTags = z
  .object({
    title: text(500),
    artists: z.array(text(500)).max(50),
    album: text(500),
    lyrics: text(200_000).optional(),
    coverUrl: z.string().url().max(2048).optional(),
  })
  .strict();

const lyricWindowState = z
  .object({
    songId: z.number().int().safe(),
    song: text(1000),
    time: z.number().min(0).max(1e6),
    playing: z.boolean(),
    rate: z.number().positive().max(16),
    translation: z.boolean(),
  })
  .strict();

export const invokeChannels = {
  'cloudtune:get-port': z.tuple([]),
  'cloudtune:choose-folder': z.tuple([chooseFolderOptions]),
  'cloudtune:open-folder': z.tuple([absolutePath]),
  'cloudtune:settings-get': z.tuple([]),
  'cloudtune:settings-update': z.tuple([shellSettingsPatchSchema]),
  'cloudtune:downloads-get-directory': z.tuple([]),
  'cloudtune:downloads-set-directory': z.tuple([absolutePath]),
  'cloudtune:downloads-save': z.tuple([z.object({ url: z.string().url().max(2048), fileName, tags: downloadTags.optional() }).strict()]),
  'cloudtune:downloads-remove': z.tuple([absolutePath]),
  'cloudtune:local-music-scan': z.tuple([z.array(absolutePath).max(100)]),
  'cloudtune:lyric-window-set-visible': z.tuple([z.boolean()]),
  'cloudtune:lyric-window-update': z.tuple([lyricWindowState]),
  'cloudtune:lyric-window-click-through': z.tuple([z.boolean()]),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]>;

export class IpcArgumentError extends Error {
  override name = 'IpcArgumentError';
}

/** The call's arguments as the channel declares them; throws IpcArgumentError naming what was wrong. */
export function parseInvokeArgs<C extends InvokeChannel>(channel: C, args: readonly unknown[]): InvokeArgs<C> {
  const schema = Object.hasOwn(invokeChannels, channel) ? (invokeChannels[channel] as unknown as z.ZodType<InvokeArgs<C>>) : undefined;
  if (!schema) throw new IpcArgumentError(`unknown channel ${String(channel)}`);
  const parsed = schema.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new IpcArgumentError(`${channel}: bad argument ${issue?.path.join('.') ?? ''} (${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}
