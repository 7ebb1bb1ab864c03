import { describe, expect, it } from 'vitest';
import { REVERB_PRESETS } from '../src/features/player/effects/reverb-presets.ts';
import { IR_MAX_SECONDS, IR_SAMPLE_RATE, encodeWav, impulseResponseWav, renderImpulseResponse, seedOf } from './impulse-response.ts';
import { differences, measureImpulseResponse, type IrMeasures } from './ir-analysis.ts';

const presets = REVERB_PRESETS.filter((p) => p.acoustics !== null);
const text = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

describe('generated impulse responses', () => {
  it('are 16-bit PCM WAV, 44.1 kHz stereo, at most 3 s, the same bytes every build', () => {
    for (const preset of presets) {
      const wav = impulseResponseWav(preset.slug, preset.acoustics!);
      const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
      expect([text(wav, 0), text(wav, 8), text(wav, 12), text(wav, 36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
      expect(view.getUint32(4, true)).toBe(wav.length - 8);
      expect(view.getUint16(20, true)).toBe(1); // PCM
      expect(view.getUint16(22, true)).toBe(2);
      expect(view.getUint32(24, true)).toBe(IR_SAMPLE_RATE);
      expect(view.getUint32(28, true)).toBe(IR_SAMPLE_RATE * 4);
      expect(view.getUint16(32, true)).toBe(4);
      expect(view.getUint16(34, true)).toBe(16);
      const dataBytes = view.getUint32(40, true);
      expect(dataBytes).toBe(wav.length - 44);
      expect(dataBytes / 4 / IR_SAMPLE_RATE).toBeLessThanOrEqual(IR_MAX_SECONDS);
    }
    const [first] = presets;
    expect(impulseResponseWav(first!.slug, first!.acoustics!)).toEqual(impulseResponseWav(first!.slug, first!.acoustics!));
  });

  it('encodes samples as little-endian 16-bit, clipped to ±1', () => {
    const wav = encodeWav([new Float32Array([0, 1, -1, 2]), new Float32Array([0.5, -0.5, 0, -3])]);
    const view = new DataView(wav.buffer);
    const samples = Array.from({ length: 8 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 16384, 32767, -16384, -32768, 0, 32767, -32768]);
  });

  it('decay as their acoustics say: the measured RT60 follows the preset’s, the first sound arrives after its pre-delay', () => {
    for (const preset of presets) {
      const a = preset.acoustics!;
      const m = measureImpulseResponse(renderImpulseResponse(a, seedOf(preset.slug)), IR_SAMPLE_RATE);
      // Echoes and metallic combs lengthen a tail; a tail cut at 3 s can measure a little short.
      expect(m.rt60, preset.slug).toBeGreaterThan(a.rt60 * 0.7);
      expect(m.rt60, preset.slug).toBeLessThan(a.rt60 * (a.echo || a.comb ? 1.8 : 1.15));
      expect(Math.abs(m.arrivalMs - a.preDelay), preset.slug).toBeLessThan(1);
    }
  });

  it('every preset sounds different from every other: RT60, arrival, clarity, brightness or width', () => {
    const measured: [string, IrMeasures][] = presets.map((p) => [
      p.slug,
      measureImpulseResponse(renderImpulseResponse(p.acoustics!, seedOf(p.slug)), IR_SAMPLE_RATE),
    ]);
    const alike: string[] = [];
    for (let i = 0; i < measured.length; i++)
      for (let j = i + 1; j < measured.length; j++)
        if (differences(measured[i]![1], measured[j]![1]).length === 0) alike.push(`${measured[i]![0]} ~ ${measured[j]![0]}`);
    expect(alike).toEqual([]);
    // The spread is wide: a booth to a canyon.
    const rt60s = measured.map(([, m]) => m.rt60);
    expect(Math.min(...rt60s)).toBeLessThan(0.3);
    expect(Math.max(...rt60s)).toBeGreaterThan(3);
  });
});
