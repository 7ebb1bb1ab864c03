import { describe, expect, it } from 'vitest';
import { createDownloadQueue, type RunContext } from './download-queue.ts';

interface Song {
  id: number;
}

/** A runner whose downloads finish, fail or report progress when the test says so. */
function controlledRunner() {
  const running = new Map<number, { resolve: (size: number) => void; reject: (e: Error) => void; context: RunContext }>();
  const started: number[] = [];
  const runs = new Map<number, Promise<number>>();
  const run = (song: Song, context: RunContext) => {
    const download = new Promise<number>((resolve, reject) => {
      started.push(song.id);
      running.set(song.id, { resolve, reject, context });
      context.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
    runs.set(song.id, download);
    return download;
  };
  /** Resolves once the queue has handled the end of song `id`'s latest download (its handlers come first). */
  const settled = (id: number) =>
    runs.get(id)!.then(
      () => {},
      () => {},
    );
  return { run, running, started, settled };
}

describe('download queue', () => {
  it('downloads at most `concurrency` songs at once, in order, and reports each one done', async () => {
    const runner = controlledRunner();
    const done: [number, number][] = [];
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: (s, size) => done.push([s.id, size]), concurrency: 2 });
    expect(queue.add([{ id: 1 }, { id: 2 }, { id: 3 }])).toEqual([1, 2, 3]);
    expect(runner.started).toEqual([1, 2]);
    expect(queue.jobs().map((j) => j.status)).toEqual(['downloading', 'downloading', 'waiting']);

    runner.running.get(1)!.resolve(1000);
    await runner.settled(1);
    expect(done).toEqual([[1, 1000]]);
    expect(runner.started).toEqual([1, 2, 3]);
    expect(queue.jobs().find((j) => j.id === 1)).toMatchObject({ status: 'done', progress: 1 });
  });

  it('does not queue a song twice while it waits or downloads', () => {
    const runner = controlledRunner();
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: () => {}, concurrency: 1 });
    queue.add([{ id: 1 }, { id: 2 }]);
    expect(queue.add([{ id: 1 }, { id: 2 }, { id: 3 }])).toEqual([3]);
    expect(queue.jobs()).toHaveLength(3);
  });

  it('shows progress in whole per cents and ignores an unknown total', async () => {
    const runner = controlledRunner();
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: () => {} });
    let changes = 0;
    queue.subscribe(() => changes++);
    queue.add([{ id: 7 }]);
    const { context } = runner.running.get(7)!;
    const before = changes;
    context.onProgress(10, 0);
    context.onProgress(1, 1000);
    expect(changes).toBe(before);
    context.onProgress(500, 1000);
    expect(queue.jobs()[0]!.progress).toBe(0.5);
  });

  it('cancels a download (its signal aborts, the next song starts) and retries it later', async () => {
    const runner = controlledRunner();
    const done: number[] = [];
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: (s) => done.push(s.id), concurrency: 1 });
    queue.add([{ id: 1 }, { id: 2 }]);
    const first = runner.running.get(1)!.context.signal;
    queue.cancel(1);
    expect(first.aborted).toBe(true);
    expect(queue.jobs().find((j) => j.id === 1)!.status).toBe('cancelled');
    expect(runner.started).toEqual([1, 2]);
    await runner.settled(1);
    // The aborted download's rejection does not mark it failed.
    expect(queue.jobs().find((j) => j.id === 1)!.status).toBe('cancelled');

    queue.retry(1);
    expect(queue.jobs().find((j) => j.id === 1)!.status).toBe('waiting');
    runner.running.get(2)!.resolve(5);
    await runner.settled(2);
    expect(runner.started).toEqual([1, 2, 1]);
    runner.running.get(1)!.resolve(6);
    await runner.settled(1);
    expect(done).toEqual([2, 1]);
  });

  it('marks a failed download with its reason and lets it be retried; waiting songs go on', async () => {
    const runner = controlledRunner();
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: () => {}, concurrency: 1 });
    queue.add([{ id: 1 }, { id: 2 }]);
    runner.running.get(1)!.reject(new Error('未找到下载链接'));
    await runner.settled(1);
    expect(queue.jobs()[0]).toMatchObject({ id: 1, status: 'failed', error: '未找到下载链接' });
    expect(runner.started).toEqual([1, 2]);
    queue.retry(1);
    expect(queue.jobs().find((j) => j.id === 1)).toMatchObject({ status: 'waiting', error: undefined });
    // retry of a finished or active song changes nothing
    queue.retry(2);
    expect(queue.jobs().find((j) => j.id === 2)!.status).toBe('downloading');
  });

  it('clears finished entries but keeps active ones', async () => {
    const runner = controlledRunner();
    const queue = createDownloadQueue<Song, number>({ run: runner.run, onDone: () => {}, concurrency: 1 });
    queue.add([{ id: 1 }, { id: 2 }]);
    runner.running.get(1)!.resolve(1);
    await runner.settled(1);
    queue.clearFinished();
    expect(queue.jobs().map((j) => j.id)).toEqual([2]);
  });
});
