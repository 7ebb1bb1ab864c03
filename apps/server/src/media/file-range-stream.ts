import { read } from 'node:fs';
import { Readable } from 'node:stream';

/**
 * Reads bytes [start, end] of an already open file with positional reads, `chunk` bytes at a
 * time. Unlike fs.createReadStream it never closes the descriptor — not even when destroyed
 * by an aborted response — because the descriptor is shared by every reader of the file
 * (see OpenFiles).
 */
export class FileRangeStream extends Readable {
  #position: number;
  readonly #end: number;
  readonly #fd: number;
  readonly #chunk: number;

  constructor(fd: number, start: number, end: number, chunk: number) {
    super({ highWaterMark: chunk });
    this.#fd = fd;
    this.#position = start;
    this.#end = end;
    this.#chunk = chunk;
  }

  override _read(): void {
    const length = Math.min(this.#chunk, this.#end - this.#position + 1);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafe(length);
    read(this.#fd, buffer, 0, length, this.#position, (err, bytesRead) => {
      if (err) return this.destroy(err);
      if (this.destroyed) return;
      // The file shrank under us: end early rather than loop on zero-byte reads.
      if (bytesRead === 0) return void this.push(null);
      this.#position += bytesRead;
      this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
    });
  }
}
