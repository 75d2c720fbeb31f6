import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
  /** The whole file as text (only for JSON statements, which must be parsed whole). */
  text(): Promise<string>;
}

function keepEdges(head: Buffer[], state: { headLength: number; tail: Buffer }, chunk: Buffer): void {
  if (state.headLength < HEAD_BYTES) {
    const part = chunk.subarray(0, HEAD_BYTES - state.headLength);
    head.push(part);
    state.headLength += part.length;
  }
  state.tail = Buffer.concat([state.tail, chunk]);
  if (state.tail.length > TAIL_BYTES) state.tail = state.tail.subarray(state.tail.length - TAIL_BYTES);
}

/** Streams `source` to a temporary file, hashing it and keeping its first and last bytes. */
export async function stageStream(source: Readable): Promise<StagedFile> {
  const path = join(tmpdir(), `lending-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  const state = { headLength: 0, tail: Buffer.alloc(0) };
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      keepEdges(head, state, chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, tap, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return {
    path,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head),
    tail: state.tail,
    remove: () => rm(path, { force: true }),
    async *chunks(chunkSize: number) {
      for await (const chunk of createReadStream(path, { highWaterMark: chunkSize })) yield chunk as Buffer;
    },
    text: () => readFile(path, 'utf8'),
  };
}
