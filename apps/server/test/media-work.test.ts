import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DiskCache, removeStrayTemporaries } from '../src/media/disk-cache.ts';
import { SIZE_BUCKETS, bucketSize } from '../src/media/image-sizes.ts';
import { OpenFiles } from '../src/media/open-files.ts';
import { LocalStorage } from '../src/media/storage.ts';
import { PreemptedError, QueueFullError, SharedWork, WorkLane, WorkQueue } from '../src/media/work.ts';
import { freshDataDir } from './helpers.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = freshDataDir();
  dirs.push(dir);
  return dir;
};

/** A promise and its resolve, to hold work open until the test lets it go. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('image size buckets', () => {
  const square = { width: 800, height: 800 };
  it('snaps the longer side up to a bucket and the aspect ratio up to an eighth', () => {
    expect(bucketSize({ width: 200, height: 200 }, square)).toEqual({ width: 256, height: 256 });
    expect(bucketSize({ width: 40, height: 40 }, square)).toEqual({ width: 64, height: 64 });
    expect(bucketSize({ width: 300, height: 100 }, square)).toEqual({ width: 512, height: 192 });
    expect(bucketSize({ width: 100, height: 300 }, square)).toEqual({ width: 192, height: 512 });
    expect(bucketSize({ width: 270, height: 100 }, { width: 1080, height: 400 })).toEqual({ width: 512, height: 192 });
  });
  it('answers with the original when the request is as large as the image or larger than every bucket', () => {
    expect(bucketSize({ width: 800, height: 800 }, square)).toBeUndefined();
    expect(bucketSize({ width: 600, height: 600 }, square)).toBeUndefined();
    expect(bucketSize({ width: 2048, height: 2048 }, { width: 4000, height: 4000 })).toBeUndefined();
  });
  it('never gives a smaller image than asked, and a million requests meet at most 80 sizes', () => {
    const sizes = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 2048 }), fc.integer({ min: 16, max: 2048 }), (width, height) => {
        const b = bucketSize({ width, height }, { width: 4000, height: 4000 });
        if (!b) return Math.max(width, height) > SIZE_BUCKETS.at(-1)!;
        sizes.add(`${b.width}x${b.height}`);
        return b.width >= width && b.height >= height;
      }),
      { numRuns: 20_000 },
    );
    expect(sizes.size).toBeLessThanOrEqual(SIZE_BUCKETS.length * 8 * 2);
  });
});

describe('DiskCache', () => {
  it('keeps files within the budget, deleting the least recently used first, never a user original', async () => {
    const dir = tempDir();
    const file = (name: string, bytes: number) => {
      writeFileSync(join(dir, name), Buffer.alloc(bytes));
      // the storage key of the file
      return name;
    };
    file('original.jpg', 5000);
    const cache = new DiskCache(new LocalStorage(dir), [''], 3000, (key) => key !== 'original.jpg');
    await cache.ready();
    const a = file('a.jpg', 1000);
    await cache.add(a, 1000);
    const b = file('b.jpg', 1000);
    await cache.add(b, 1000);
    const c = file('c.jpg', 1000);
    await cache.add(c, 1000);
    cache.touch(a);
    const d = file('d.jpg', 1000);
    await cache.add(d, 1000);
    expect(readdirSync(dir).sort()).toEqual(['a.jpg', 'c.jpg', 'd.jpg', 'original.jpg']);
    expect(cache.totalBytes).toBe(3000);
  });

  it('finds what is on disk at start and trims it to the budget', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'album'));
    for (let i = 0; i < 10; i++) writeFileSync(join(dir, 'album', `${i}.jpg`), Buffer.alloc(100));
    const cache = new DiskCache(new LocalStorage(dir), ['album/'], 450);
    await cache.ready();
    expect(cache.count).toBe(4);
    expect(readdirSync(join(dir, 'album'))).toHaveLength(4);
  });
});

describe('stray temporary files', () => {
  it('removes the .tmp files of dead processes and keeps those of live ones', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'audio'));
    await writeFile(join(dir, 'audio', '1.mp3.999999-abcd.tmp'), 'half');
    await writeFile(join(dir, 'audio', `2.mp3.${process.ppid}-abcd.tmp`), 'in progress');
    await writeFile(join(dir, 'audio', '3.mp3'), 'done');
    expect(await removeStrayTemporaries(dir)).toBe(1);
    expect(readdirSync(join(dir, 'audio')).sort()).toEqual(['2.mp3.' + process.ppid + '-abcd.tmp', '3.mp3']);
  });
});

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks and refuses beyond `maxWaiting`', async () => {
    const queue = new WorkQueue(1, 2);
    const hold = gate();
    const first = queue.run(() => hold.promise);
    const second = queue.run(async () => 'second');
    const third = queue.run(async () => 'third');
    await expect(queue.run(async () => 'fourth')).rejects.toBeInstanceOf(QueueFullError);
    expect([queue.active, queue.waiting]).toEqual([1, 2]);
    hold.open();
    await first;
    expect(await Promise.all([second, third])).toEqual(['second', 'third']);
  });

  it('drops a waiting task whose requester left, without running it', async () => {
    const queue = new WorkQueue(1, 4);
    const hold = gate();
    const first = queue.run(() => hold.promise);
    const left = new AbortController();
    let ran = false;
    const abandoned = queue.run(async () => void (ran = true), left.signal);
    left.abort();
    await expect(abandoned).rejects.toThrow();
    expect(queue.waiting).toBe(0);
    hold.open();
    await first;
    expect(ran).toBe(false);
  });

  it('starts waiting tasks by priority, first come first served within one', async () => {
    const queue = new WorkQueue(1, 8);
    const hold = gate();
    const started: string[] = [];
    const task = (name: string) => async () => void started.push(name);
    const first = queue.run(() => hold.promise);
    const all = [
      queue.run(task('ahead 1'), undefined, 'background'),
      queue.run(task('cover 1')),
      queue.run(task('listener 1'), undefined, 'listener'),
      queue.run(task('cover 2'), undefined, 'normal'),
      queue.run(task('listener 2'), undefined, 'listener'),
    ];
    hold.open();
    await Promise.all([first, ...all]);
    expect(started).toEqual(['listener 1', 'listener 2', 'cover 1', 'cover 2', 'ahead 1']);
  });

  it('a listener takes the slot of a background task at once; the background task is told why it stops', async () => {
    const queue = new WorkQueue(1, 4);
    let stopped: unknown;
    const ahead = queue.run(
      (signal) =>
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => {
            stopped = signal.reason;
            reject(signal.reason as Error);
          }),
        ),
      undefined,
      'background',
    );
    expect(queue.active).toBe(1);
    // No wait in line: the listener runs while the background task is still winding down.
    expect(await queue.run(async () => queue.active, undefined, 'listener')).toBe(1);
    await expect(ahead).rejects.toBeInstanceOf(PreemptedError);
    expect(stopped).toBeInstanceOf(PreemptedError);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('never pre-empts work someone waits for: a listener waits behind a cover and behind another listener', async () => {
    const queue = new WorkQueue(2, 4);
    const hold = gate();
    const signals: AbortSignal[] = [];
    const held = (signal: AbortSignal) => (signals.push(signal), hold.promise);
    const running = [queue.run(held), queue.run(held, undefined, 'listener')];
    let ran = false;
    const waiting = queue.run(async () => void (ran = true), undefined, 'listener');
    expect(queue.waiting).toBe(1);
    expect(signals.some((s) => s.aborted)).toBe(false);
    hold.open();
    await Promise.all([...running, waiting]);
    expect(ran).toBe(true);
  });

  it('background work pauses while a listener runs, and goes on when none does or when a listener joins it', async () => {
    const queue = new WorkQueue(2, 4);
    const ahead = new WorkLane('background');
    expect(queue.yieldToListeners(ahead)).toBeUndefined();
    const listening = gate();
    const listener = queue.run(() => listening.promise, undefined, 'listener');
    expect(queue.yieldToListeners(new WorkLane('normal'))).toBeUndefined();
    let resumed = false;
    const paused = queue.yieldToListeners(ahead)!.then(() => void (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(false);
    listening.open();
    await listener;
    await paused;
    expect(resumed).toBe(true);

    const again = gate();
    const other = queue.run(() => again.promise, undefined, 'listener');
    const joined = new WorkLane('background');
    const wait = queue.yieldToListeners(joined)!;
    joined.raise('listener');
    await wait;
    again.open();
    await other;
  });

  it("a listener's task past its opening waits while another listener's opening is made, never for its own", async () => {
    const queue = new WorkQueue(2, 4);
    const first = new WorkLane('listener');
    const holdFirst = gate();
    const running = queue.run(() => holdFirst.promise, undefined, first);
    // Alone, or opening: never waits.
    expect(queue.yieldToListeners(first)).toBeUndefined();
    first.opened();
    expect(queue.yieldToListeners(first)).toBeUndefined();

    const newcomer = new WorkLane('listener');
    const holdNewcomer = gate();
    const joining = queue.run(() => holdNewcomer.promise, undefined, newcomer);
    let resumed = false;
    const paused = queue.yieldToListeners(first)!.then(() => void (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(false);
    // The newcomer's opening is made: the first goes on, and neither waits for the other now.
    newcomer.opened();
    await paused;
    expect(queue.yieldToListeners(first)).toBeUndefined();
    expect(queue.yieldToListeners(newcomer)).toBeUndefined();
    holdFirst.open();
    holdNewcomer.open();
    await Promise.all([running, joining]);
  });

  it('a background task raised to a listener is no longer pre-empted, and one raised while waiting pre-empts', async () => {
    const queue = new WorkQueue(1, 4);
    const hold = gate();
    const joined = new WorkLane('background');
    const running = queue.run(() => hold.promise, undefined, joined);
    joined.raise('listener');
    const waitingLane = new WorkLane('background');
    let ran = false;
    const waiting = queue.run(async () => void (ran = true), undefined, waitingLane);
    // A listener behind a listener waits; raising the waiting one changes nothing while the slot is a listener's.
    waitingLane.raise('listener');
    expect([queue.active, queue.waiting]).toEqual([1, 1]);
    hold.open();
    await Promise.all([running, waiting]);
    expect(ran).toBe(true);

    const background = gate();
    const ahead = queue.run(
      (signal) =>
        Promise.race([
          background.promise,
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
        ]),
      undefined,
      'background',
    );
    const lane = new WorkLane('normal');
    const cover = queue.run(async () => 'cover', undefined, lane);
    expect(queue.waiting).toBe(1);
    lane.raise('listener');
    expect(await cover).toBe('cover');
    await expect(ahead).rejects.toBeInstanceOf(PreemptedError);
  });
});

describe('SharedWork cancellation', () => {
  it('cancels the run only when every requester has left', async () => {
    const work = new SharedWork<string>();
    let workSignal: AbortSignal | undefined;
    const hold = gate();
    const run = (signal?: AbortSignal) =>
      work.run(
        'song',
        async (s) => {
          workSignal = s;
          await hold.promise;
          return 'rendered';
        },
        signal,
      );
    const [a, b] = [new AbortController(), new AbortController()];
    const first = run(a.signal);
    const second = run(b.signal);
    a.abort();
    await expect(first).rejects.toThrow();
    expect(workSignal!.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toThrow();
    expect(workSignal!.aborted).toBe(true);
    hold.open();
  });

  it('a requester without a signal keeps the run alive', async () => {
    const work = new SharedWork<string>();
    let workSignal: AbortSignal | undefined;
    const leaving = new AbortController();
    const hold = gate();
    const job = async (s: AbortSignal) => {
      workSignal = s;
      await hold.promise;
      return 'done';
    };
    const left = work.run('k', job, leaving.signal);
    const stays = work.run('k', job);
    leaving.abort();
    await expect(left).rejects.toThrow();
    hold.open();
    expect(await stays).toBe('done');
    expect(workSignal!.aborted).toBe(false);
  });
});

describe('OpenFiles', () => {
  it('reuses one descriptor per file and notices a replaced file after the recheck time', async () => {
    const dir = tempDir();
    const path = join(dir, 'song.mp3');
    writeFileSync(path, 'first version');
    const files = new OpenFiles({ recheckMs: 0 });
    const a = await files.acquire(path);
    const b = await files.acquire(path);
    expect(b.fd).toBe(a.fd);
    a.release();
    b.release();
    // Replaced the way renders replace files: a new inode under the same name.
    writeFileSync(`${path}.new`, 'second, longer version');
    await rm(path);
    await import('node:fs/promises').then((fs) => fs.rename(`${path}.new`, path));
    const c = await files.acquire(path);
    expect(c.size).toBe('second, longer version'.length);
    c.release();
    files.closeAll();
  });

  it('never closes a file being read to make room: its next reader shares the descriptor, and it counts beyond the budget', async () => {
    const dir = tempDir();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(dir, `${name}.mp3`)) as [string, string, string];
    for (const path of [a, b, c]) writeFileSync(path, path);
    const files = new OpenFiles({ maxOpen: 2, recheckMs: 60_000 });
    // Three files read at once (three slow listeners) with room for two.
    const reading = [await files.acquire(a), await files.acquire(b), await files.acquire(c)];
    expect(files.beyondBudget).toBe(1);
    // The least recently used one is still open, and shared rather than opened a second time.
    const again = await files.acquire(a);
    expect(again.fd).toBe(reading[0]!.fd);
    again.release();
    for (const file of reading) file.release();
    expect(files.beyondBudget).toBe(0);
    expect(files.size).toBe(2);
    files.closeAll();
  });

  it('keeps a hot file in memory within the budget, and never a stale version', async () => {
    const dir = tempDir();
    const files = new OpenFiles({ recheckMs: 0, hotBytes: 25 });
    const [a, b] = [join(dir, 'a.mp3'), join(dir, 'b.mp3')];
    writeFileSync(a, 'aaaaaaaaaaaaaaaaaaaa');
    writeFileSync(b, 'bbbbbbbbbbbbbbbbbbbb');
    const heat = async (path: string) => {
      await vi.waitFor(async () => {
        const f = await files.acquire(path);
        f.release();
        expect(f.bytes).toBeDefined();
      });
    };
    await heat(a);
    const hotA = await files.acquire(a);
    expect(hotA.bytes!.toString()).toBe('aaaaaaaaaaaaaaaaaaaa');
    hotA.release();
    await heat(b);
    // Only one of two 20-byte files fits 25 bytes: the least recently used one was let go.
    expect(files.hotBytes).toBe(20);
    expect((await files.acquire(a)).bytes).toBeUndefined();
    writeFileSync(`${b}.new`, 'a newer and longer version of b');
    await import('node:fs/promises').then((fs) => fs.rename(`${b}.new`, b));
    const fresh = await files.acquire(b);
    expect(fresh.bytes).toBeUndefined();
    expect(fresh.size).toBe('a newer and longer version of b'.length);
    files.closeAll();
  });

  it('keeps no more than maxOpen descriptors', async () => {
    const dir = tempDir();
    const files = new OpenFiles({ maxOpen: 3 });
    for (let i = 0; i < 6; i++) {
      writeFileSync(join(dir, `${i}.mp3`), String(i));
      (await files.acquire(join(dir, `${i}.mp3`))).release();
    }
    expect(files.size).toBe(3);
    files.closeAll();
  });
});
