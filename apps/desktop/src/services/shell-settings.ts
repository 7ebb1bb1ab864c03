import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file.ts';

/**
 * The shell's own settings (a JSON file in the user-data folder), apart from the renderer's
 * persisted state: they are read by the main process before any page exists.
 */
export const shellSettingsSchema = z.object({
  /** closing the window hides it to the tray instead of quitting (default off) */
  closeToTray: z.boolean(),
  /** where downloaded songs go; null = the default (the OS music folder + Cloudtune) */
  downloadDirectory: z
    .string()
    .max(4096)
    .refine((p) => isAbsolute(p) && !p.includes('\0'), 'an absolute path')
    .nullable(),
  /** 本地音乐 folders with their checkbox (选择目录) */
  localFolders: z
    .array(
      z
        .object({
          path: z
            .string()
            .max(4096)
            .refine((p) => isAbsolute(p) && !p.includes('\0'), 'an absolute path'),
          checked: z.boolean(),
        })
        .strict(),
    )
    .max(100),
});
export type ShellSettings = z.infer<typeof shellSettingsSchema>;

export const DEFAULT_SHELL_SETTINGS: ShellSettings = { closeToTray: false, downloadDirectory: null, localFolders: [] };

/** A change the renderer may ask for: only known keys, each of its own type. */
export const shellSettingsPatchSchema = shellSettingsSchema.partial().strict();
export type ShellSettingsPatch = z.infer<typeof shellSettingsPatchSchema>;

export interface ShellSettingsStore {
  get(): ShellSettings;
  update(patch: ShellSettingsPatch): Promise<ShellSettings>;
}

/** Each key read on its own: one bad value falls back to its default, not the whole file. */
function fromFile(value: unknown): ShellSettings {
  const settings = { ...DEFAULT_SHELL_SETTINGS };
  if (typeof value !== 'object' || value === null) return settings;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SHELL_SETTINGS) as (keyof ShellSettings)[]) {
    const parsed = shellSettingsSchema.shape[key].safeParse(record[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

export async function openShellSettings(file: string): Promise<ShellSettingsStore> {
  let current = fromFile(await readJsonFile(file));
  let writing: Promise<void> = Promise.resolve();
  return {
    get: () => current,
    async update(patch) {
      current = { ...current, ...shellSettingsPatchSchema.parse(patch) };
      const snapshot = current;
      // Writes run one after another, so the file always ends with the latest settings.
      writing = writing.catch(() => undefined).then(() => writeJsonFile(file, snapshot));
      await writing;
      return snapshot;
    },
  };
}
