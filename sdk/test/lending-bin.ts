/**
 * The built `lending` binary, as the CLI tests run it: compiled once before any test file
 * (test/setup/build-sdk.ts, what `npm ci` and `npm pack` do), then spawned with plain Node, since the
 * built JavaScript must not need type stripping.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const SDK = resolve(import.meta.dirname, '..');
export const BIN = join(SDK, 'bin', 'lending.js');
export const NODE_ARGS = ['--no-experimental-strip-types'];

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the `lending` binary to its end with `env` added (asynchronously: the server answers in this process). */
export async function lending(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...NODE_ARGS, BIN, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
