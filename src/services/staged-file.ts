import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes kept from the start of a file to recognise its type. */
export const HEAD_BYTES = 8192;
/** Bytes kept from the end of a file to check it is complete. */
export const TAIL_BYTES = 65536;

/** An upload streamed to a temporary file: never held whole in memory. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
  tail: Buffer;
  remove(): Promise<void>;
  /** Reads the file in chunks of at most `size` bytes. */
  chunks(size: number): AsyncIterable<Buffer>;
  /** The whole file (only for JSON statements, which must be parsed whole). */
  bytes(): Promise<Buffer>;
}

/**
 * Keeps the first HEAD_BYTES and the last TAIL_BYTES of a stream without copying every chunk:
 * the tail is a list of the latest chunks (references, trimmed from the front) and is joined once
 * at the end. (Concatenating the tail with each chunk copied the whole upload twice over.)
 */
class Edges {
  #head: Buffer[] = [];
  #headLength = 0;
  #tail: Buffer[] = [];
  #tailLength = 0;

  add(chunk: Buffer): void {
    if (this.#headLength < HEAD_BYTES) {
      const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - this.#headLength));
      this.#head.push(part);
      this.#headLength += part.length;
    }
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    while (this.#tail.length > 1 && this.#tailLength - this.#tail[0].length >= TAIL_BYTES) {
      this.#tailLength -= (this.#tail.shift() as Buffer).length;
    }
  }

  head(): Buffer {
    return Buffer.concat(this.#head);
  }

  tail(): Buffer {
    const joined = Buffer.concat(this.#tail);
    return joined.length > TAIL_BYTES ? Buffer.from(joined.subarray(joined.length - TAIL_BYTES)) : joined;
  }
}

/** Bytes gathered from the source before they are written to the temporary file in one call. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** At most this many pieces in one write (a slow client sends many small ones). */
const WRITE_BATCH_PIECES = 256;

async function writeBatch(file: FileHandle, pieces: Buffer[], bytes: number): Promise<void> {
  const { bytesWritten } = await file.writev(pieces);
  if (bytesWritten !== bytes) throw new Error(`staging an upload wrote ${bytesWritten} of ${bytes} bytes`);
}

/**
 * Streams `source` to a temporary file, hashing it and keeping its first and last bytes. The pieces
 * are written a megabyte at a time with one writev each, without copying them: one write per
 * 64 KiB piece (a stream pipeline) spent 7 % of the upload route's main thread handing writes to
 * the thread pool (docs/benchmarks.md).
 */
export async function stageStream(source: Readable): Promise<StagedFile> {
  const path = join(tmpdir(), `lending-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const edges = new Edges();
  let size = 0;
  const file = await open(path, 'wx', 0o600);
  try {
    let pieces: Buffer[] = [];
    let bytes = 0;
    for await (const piece of source as AsyncIterable<Buffer>) {
      hash.update(piece);
      size += piece.length;
      edges.add(piece);
      pieces.push(piece);
      bytes += piece.length;
      if (bytes >= WRITE_BATCH_BYTES || pieces.length >= WRITE_BATCH_PIECES) {
        await writeBatch(file, pieces, bytes);
        pieces = [];
        bytes = 0;
      }
    }
    if (pieces.length > 0) await writeBatch(file, pieces, bytes);
    await file.close();
  } catch (error) {
    await file.close().catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
  return {
    path,
    size,
    sha256: hash.digest('hex'),
    head: edges.head(),
    tail: edges.tail(),
    remove: () => rm(path, { force: true }),
    async *chunks(chunkSize: number) {
      for await (const chunk of createReadStream(path, { highWaterMark: chunkSize })) yield chunk as Buffer;
    },
    bytes: () => readFile(path),
  };
}
