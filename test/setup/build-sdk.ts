/**
 * vitest's global setup: the SDK compiled with tsc once, before any test file runs (what `npm ci`'s
 * prepare and `npm pack` do). The CLI tests spawn the built `lending` binary: a build per file
 * rewrote sdk/dist while another worker's file was running the binary from it, which then found a
 * module half written.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildSdk(): void {
  execFileSync('npm', ['run', 'build'], { cwd: fileURLToPath(new URL('../../sdk/', import.meta.url)), stdio: 'inherit' });
}
