/**
 * A small stand-in for Web Audio (jsdom has none): nodes remember what they connect to and params
 * take the value they are set or ramped to, so a test can follow the audible paths of a graph.
 */
export class FakeParam {
  constructor(public value = 0) {}
  readonly events: [string, number, number][] = [];
  cancelScheduledValues(t: number) {
    this.events.push(['cancel', this.value, t]);
    return this;
  }
  setValueAtTime(v: number, t: number) {
    this.events.push(['set', v, t]);
    this.value = v;
    return this;
  }
  /** recorded as the curve's last value and its length */
  setValueCurveAtTime(values: ArrayLike<number>, t: number, duration: number) {
    this.events.push(['curve', values[values.length - 1]!, duration]);
    this.curves.push({ values: Array.from(values), start: t, duration });
    this.value = values[values.length - 1]!;
    return this;
  }
  readonly curves: { values: number[]; start: number; duration: number }[] = [];
  linearRampToValueAtTime(v: number, t: number) {
    this.events.push(['ramp', v, t]);
    this.value = v;
    return this;
  }
}

export class FakeNode {
  readonly outputs = new Set<FakeNode | FakeParam>();
  constructor(
    public readonly kind: string,
    props: Record<string, unknown> = {},
  ) {
    Object.assign(this, props);
  }
  connect<T extends FakeNode | FakeParam>(destination: T): T {
    this.outputs.add(destination);
    return destination;
  }
  disconnect() {
    this.outputs.clear();
  }
  [key: string]: unknown;
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state = 'suspended';
  currentTime = 0;
  readonly destination = new FakeNode('destination');
  readonly sources: FakeNode[] = [];
  readonly oscillators: FakeNode[] = [];
  sinkIds: string[] = [];
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    return new FakeNode('gain', { gain: new FakeParam(1) });
  }
  createBiquadFilter() {
    return new FakeNode('biquad', { type: 'lowpass', frequency: new FakeParam(350), Q: new FakeParam(1), gain: new FakeParam(0) });
  }
  createDynamicsCompressor() {
    const p = () => new FakeParam();
    return new FakeNode('compressor', { threshold: p(), knee: p(), ratio: p(), attack: p(), release: p() });
  }
  createPanner() {
    return new FakeNode('panner', { positionX: new FakeParam(), positionY: new FakeParam(), positionZ: new FakeParam() });
  }
  createStereoPanner() {
    return new FakeNode('stereo-panner', { pan: new FakeParam() });
  }
  createOscillator() {
    const node = new FakeNode('oscillator', { frequency: new FakeParam(440), start() {}, setPeriodicWave() {} });
    this.oscillators.push(node);
    return node;
  }
  createPeriodicWave() {
    return {};
  }
  createConvolver() {
    return new FakeNode('convolver', { buffer: null });
  }
  createMediaElementSource(element: HTMLMediaElement) {
    const node = new FakeNode('source', { element });
    this.sources.push(node);
    return node;
  }
  decodeAudioData(data: ArrayBuffer) {
    return Promise.resolve({ length: data.byteLength });
  }
  setSinkId(id: string) {
    this.sinkIds.push(id);
    return Promise.resolve();
  }

  /** Every path from `from` to the destination on which no gain is 0: the nodes' kinds, in order. */
  audiblePaths(from: FakeNode): string[][] {
    const paths: string[][] = [];
    const walk = (node: FakeNode, trail: string[]) => {
      if (node.kind === 'gain' && (node.gain as FakeParam).value === 0) return;
      const next = [...trail, node.kind];
      if (node === this.destination) paths.push(next);
      for (const out of node.outputs) if (out instanceof FakeNode) walk(out, next);
    };
    walk(from, []);
    return paths;
  }
}
