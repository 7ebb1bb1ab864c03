import { describe, expect, test } from 'vitest';
import { sharedReads } from '../src/http/data-version.ts';

/** A read the test answers by hand: which reads were sent, and in what order. */
function reads() {
  const sent: { answer: (v: string) => void; fail: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      sent.push({ answer: resolve, fail: reject });
    });
  return { read, sent };
}

/** The end of this turn of the event loop (where a shared read is sent). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads (the database version, read once for the requests that come together)', () => {
  test('callers in one turn share one read, sent after the last of them called', async () => {
    const { read, sent } = reads();
    const version = sharedReads(read);
    const together = [version(), version(), version()];
    expect(sent).toHaveLength(0);
    await turn();
    expect(sent).toHaveLength(1);
    sent[0]!.answer('v1');
    expect(await Promise.all(together)).toEqual(['v1', 'v1', 'v1']);
  });

  test('a caller after a read was sent gets a read of its own, even while that one is under way', async () => {
    const { read, sent } = reads();
    const version = sharedReads(read);
    const early = version();
    await turn();
    expect(sent).toHaveLength(1);
    const late = version();
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer('after');
    sent[0]!.answer('before');
    expect(await early).toBe('before');
    expect(await late).toBe('after');
  });

  test('a failed read fails the callers who shared it; the next caller reads again', async () => {
    const { read, sent } = reads();
    const version = sharedReads(read);
    const [a, b] = [version(), version()];
    await turn();
    sent[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await expect(b).rejects.toThrow('connection lost');
    const again = version();
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer('v');
    expect(await again).toBe('v');
  });
});
