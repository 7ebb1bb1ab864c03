import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, type FakeNode, type FakeParam } from '../../test/fake-audio-context.ts';
import { createAudioGraph, type AudioGraph } from './audio-graph.ts';
import { EQ_BANDS } from './effects/equalizer.ts';

let graph: AudioGraph;
let context: FakeAudioContext;
let element: HTMLAudioElement;

beforeEach(() => {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  FakeAudioContext.instances = [];
  graph = createAudioGraph()!;
  context = FakeAudioContext.instances[0]!;
  element = document.createElement('audio');
  graph.attach(element);
});
afterEach(() => vi.unstubAllGlobals());

const source = () => context.sources[0]!;
const paths = () => context.audiblePaths(source());
const nodesOfKind = (kind: string) => {
  const seen = new Set<FakeNode>();
  const walk = (node: FakeNode) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const out of node.outputs) if ('kind' in out) walk(out as FakeNode);
  };
  walk(source());
  return [...seen].filter((n) => n.kind === kind);
};

describe('audio graph', () => {
  it('without Web Audio there is no graph', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(createAudioGraph()).toBeNull();
  });

  it('an attached element reaches the output through the 10-band EQ, once however often it is attached', () => {
    graph.attach(element);
    expect(context.sources).toHaveLength(1);
    expect(element.volume).toBe(1);
    const [path, ...rest] = paths();
    expect(rest).toEqual([]);
    expect(path!.filter((k) => k === 'biquad')).toHaveLength(EQ_BANDS.length);
    expect(path).not.toContain('panner');
    expect(path).not.toContain('compressor');
    expect(path!.at(-1)).toBe('destination');
  });

  /** an element's two gains, in order: loudness (音量均衡), then its own level (fades) */
  const elementGains = (i: number) => {
    const loudness = [...context.sources[i]!.outputs][0] as FakeNode;
    const level = [...loudness.outputs][0] as FakeNode;
    return { loudness: loudness.gain as FakeParam, level: level.gain as FakeParam };
  };

  it('two elements each have their own gain for the gapless hand-over', () => {
    const second = document.createElement('audio');
    graph.attach(second);
    graph.setElementGain(second, 0, 2);
    expect(context.audiblePaths(context.sources[1]!)).toEqual([]);
    expect(paths()).toHaveLength(1);
    expect(elementGains(1).level.events.at(-1)).toEqual(['ramp', 0, 2]);
  });

  it('an element’s loudness gain sits before its fade gain, so the two multiply', () => {
    graph.setElementLoudness(element, 0.25, 0.5);
    graph.setElementGain(element, 0.5);
    const { loudness, level } = elementGains(0);
    expect(loudness.events.at(-1)).toEqual(['ramp', 0.25, 0.5]);
    expect(level.value).toBe(0.5);
    expect(paths()[0]!.slice(0, 3)).toEqual(['source', 'gain', 'gain']);
    graph.setElementLoudness(element, Number.NaN);
    expect(loudness.value).toBe(0.25);
  });

  it('a crossfade runs both curves over the same seconds from the same instant, the outgoing one from its level', () => {
    const second = document.createElement('audio');
    graph.attach(second);
    graph.setElementGain(element, 0.8);
    context.currentTime = 12.5;
    graph.crossfade(element, second, 4, { fadeOut: new Float32Array([1, 0.5, 0]), fadeIn: new Float32Array([0, 0.5, 1]) });
    const out = elementGains(0).level.curves.at(-1)!;
    const into = elementGains(1).level.curves.at(-1)!;
    const rounded = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
    expect(rounded(out.values)).toEqual([0.8, 0.4, 0]);
    expect(out).toMatchObject({ start: 12.5, duration: 4 });
    expect(rounded(into.values)).toEqual([0, 0.5, 1]);
    expect(into).toMatchObject({ start: 12.5, duration: 4 });
  });

  it('volume ramps over 1 s by default', () => {
    graph.setVolume(0.3);
    const master = nodesOfKind('gain').find((g) => [...g.outputs].includes(context.destination))!;
    expect((master.gain as FakeParam).events.at(-1)).toEqual(['ramp', 0.3, 1]);
    graph.setVolume(0.5, 0);
    expect((master.gain as FakeParam).events.at(-1)).toEqual(['set', 0.5, 0]);
  });

  it('3D sends every audible path through the orbiting panner; off takes it out again', () => {
    graph.setThreeD(true);
    expect(paths().every((p) => p.includes('panner'))).toBe(true);
    const panner = nodesOfKind('panner')[0]!;
    // Two slow LFOs (one orbit in 16 s) drive the panner's x and z.
    const driven = context.oscillators.flatMap((osc) => [...osc.outputs]);
    expect(driven).toEqual(expect.arrayContaining([panner.positionX, panner.positionZ]));
    expect(context.oscillators.every((osc) => (osc.frequency as FakeParam).value === 1 / 16)).toBe(true);
    graph.setThreeD(false);
    expect(paths().some((p) => p.includes('panner'))).toBe(false);
  });

  it('TENDER adds the shelves and the compressor', () => {
    graph.setTender(true);
    for (const path of paths()) {
      expect(path).toContain('compressor');
      expect(path.filter((k) => k === 'biquad')).toHaveLength(EQ_BANDS.length + 2);
    }
  });

  it('a reverb mixes the convolver in at the wet/dry ratio; 原唱 takes it out', async () => {
    await graph.setImpulseResponse(new ArrayBuffer(64));
    expect(paths().some((p) => p.includes('convolver'))).toBe(true);
    expect(paths().some((p) => !p.includes('convolver'))).toBe(true);
    graph.setReverbMix(1);
    expect(paths().every((p) => p.includes('convolver'))).toBe(true);
    graph.setReverbMix(0);
    expect(paths().every((p) => !p.includes('convolver'))).toBe(true);
    graph.setReverbMix(0.5);
    await graph.setImpulseResponse(null);
    expect(paths().every((p) => !p.includes('convolver'))).toBe(true);
  });

  it('sets each EQ band, clamped to ±12 dB', () => {
    graph.setEqualizer([20, -20, 3, 0, 0, 0, 0, 0, 0, 1.5]);
    const bands = nodesOfKind('biquad').filter((b) => b.type === 'peaking');
    expect(bands.map((b) => (b.frequency as FakeParam).value)).toEqual([...EQ_BANDS]);
    expect(bands.map((b) => (b.gain as FakeParam).value)).toEqual([12, -12, 3, 0, 0, 0, 0, 0, 0, 1.5]);
  });

  it('speed applies to attached elements and to those attached later, pitch kept', () => {
    graph.setPlaybackRate(1.5);
    expect(element.playbackRate).toBe(1.5);
    expect(element.defaultPlaybackRate).toBe(1.5);
    expect(element.preservesPitch).toBe(true);
    const later = document.createElement('audio');
    graph.attach(later);
    expect(later.playbackRate).toBe(1.5);
  });

  it('the output device is set on the AudioContext where it can be', async () => {
    expect(await graph.setSinkId('speakers')).toBe(true);
    expect(context.sinkIds).toEqual(['speakers']);
  });
});
