import type { Plugin } from 'vite';
import { REVERB_PRESETS } from '../src/features/player/effects/reverb-presets.ts';
import { impulseResponseWav } from './impulse-response.ts';

/** Where the app fetches impulse responses from, relative to its base (audio-effect/{name}.wav). */
export const AUDIO_EFFECT_DIR = 'audio-effect';
const WAV_PATH = new RegExp(`/${AUDIO_EFFECT_DIR}/([a-z0-9-]+)\\.wav$`);

/**
 * The reverb impulse responses, generated rather than committed (docs/decisions/0010-audio-effects.md):
 * emitted into every build (browser and desktop), answered by the dev server on request.
 */
export function audioEffects(): Plugin {
  const cache = new Map<string, Uint8Array>();
  const wavOf = (slug: string): Uint8Array | undefined => {
    const preset = REVERB_PRESETS.find((p) => p.slug === slug);
    if (!preset?.acoustics) return undefined;
    let bytes = cache.get(slug);
    if (!bytes) cache.set(slug, (bytes = impulseResponseWav(slug, preset.acoustics)));
    return bytes;
  };

  return {
    name: 'cloudtune:audio-effects',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const slug = WAV_PATH.exec((req.url ?? '').split('?')[0]!)?.[1];
        const bytes = slug ? wavOf(slug) : undefined;
        if (!bytes) return next();
        res.setHeader('content-type', 'audio/wav');
        res.setHeader('content-length', String(bytes.length));
        res.setHeader('cache-control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(bytes));
      });
    },
    generateBundle() {
      for (const preset of REVERB_PRESETS) {
        const source = wavOf(preset.slug);
        if (source) this.emitFile({ type: 'asset', fileName: `${AUDIO_EFFECT_DIR}/${preset.slug}.wav`, source });
      }
    },
  };
}
