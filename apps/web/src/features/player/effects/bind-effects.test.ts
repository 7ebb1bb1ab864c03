import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotices, type Notice } from '../../../lib/notice.ts';
import { http, HttpResponse, server } from '../../../test/msw.ts';
import type { AudioGraph } from '../audio-graph.ts';
import { bindEffects } from './bind-effects.ts';
import { DEFAULT_EFFECTS, useEffectsStore } from './effects.store.ts';

const fakeGraph = () =>
  ({
    attach: vi.fn(),
    setElementGain: vi.fn(),
    setElementLoudness: vi.fn(),
    crossfade: vi.fn(),
    setVolume: vi.fn(),
    resume: vi.fn(),
    suspend: vi.fn(),
    setThreeD: vi.fn(),
    setTender: vi.fn(),
    setImpulseResponse: vi.fn(() => Promise.resolve()),
    setReverbMix: vi.fn(),
    setEqualizer: vi.fn(),
    setPlaybackRate: vi.fn(),
    setSinkId: vi.fn(() => Promise.resolve(true)),
  }) satisfies AudioGraph;

let requested: string[] = [];
let unbind = () => {};
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useEffectsStore.setState(DEFAULT_EFFECTS);
  requested = [];
  server.use(
    http.get('*/audio-effect/:file', ({ params }) => {
      requested.push(String(params.file));
      return params.file === 'broken.wav'
        ? new HttpResponse(null, { status: 404 })
        : HttpResponse.arrayBuffer(new Uint8Array([82, 73, 70, 70]).buffer);
    }),
  );
});
afterEach(() => {
  unbind();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('effects → graph', () => {
  it('applies the saved choices when the graph is built', async () => {
    useEffectsStore.setState({
      basicEffects: ['3D', 'FADE'],
      eqGains: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      playbackRate: 1.25,
      reverbMix: 0.6,
    });
    const graph = fakeGraph();
    unbind = bindEffects(graph);
    expect(graph.setThreeD).toHaveBeenCalledWith(true);
    expect(graph.setTender).toHaveBeenCalledWith(false);
    expect(graph.setEqualizer).toHaveBeenCalledWith([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(graph.setPlaybackRate).toHaveBeenCalledWith(1.25);
    expect(graph.setReverbMix).toHaveBeenCalledWith(0.6);
    await vi.waitFor(() => expect(graph.setImpulseResponse).toHaveBeenCalledWith(null));
    // The default output device needs no call.
    expect(graph.setSinkId).not.toHaveBeenCalled();
  });

  it('a reverb fetches audio-effect/<slug>.wav once and hands its bytes to the convolver; 原唱 removes it', async () => {
    const graph = fakeGraph();
    unbind = bindEffects(graph);
    useEffectsStore.getState().setConvolver('valley');
    await vi.waitFor(() => expect(graph.setImpulseResponse).toHaveBeenLastCalledWith(expect.any(ArrayBuffer)));
    expect(requested).toEqual(['valley.wav']);
    useEffectsStore.getState().setConvolver('none');
    await vi.waitFor(() => expect(graph.setImpulseResponse).toHaveBeenLastCalledWith(null));
    useEffectsStore.getState().setConvolver('valley');
    await vi.waitFor(() => expect(graph.setImpulseResponse).toHaveBeenLastCalledWith(expect.any(ArrayBuffer)));
    expect(requested).toEqual(['valley.wav']);
  });

  it('only what changed reaches the graph', () => {
    const graph = fakeGraph();
    unbind = bindEffects(graph);
    vi.clearAllMocks();
    useEffectsStore.getState().setEqPreset('rock');
    useEffectsStore.getState().setSinkId('usb-dac');
    expect(graph.setEqualizer).toHaveBeenCalledWith([5, 4, 3, 1, -1, -1, 1, 3, 4, 5]);
    expect(graph.setSinkId).toHaveBeenCalledWith('usb-dac');
    expect(graph.setThreeD).not.toHaveBeenCalled();
    expect(graph.setImpulseResponse).not.toHaveBeenCalled();
  });

  it('a response that cannot be fetched is reported and the reverb is left out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const notices: Notice[] = [];
    const stop = subscribeNotices((n) => notices.push(n));
    const graph = fakeGraph();
    unbind = bindEffects(graph);
    // A slug the store would refuse: set directly, as a stale save might hold it.
    useEffectsStore.setState({ convolver: 'broken' });
    await vi.waitFor(() => expect(notices.map((n) => n.message)).toContain('混响加载失败，请稍后重试'));
    expect(graph.setImpulseResponse).toHaveBeenLastCalledWith(null);
    stop();
    warn.mockRestore();
  });
});
