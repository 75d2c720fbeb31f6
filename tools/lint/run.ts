/**
 * `npm run lint` (and `npm run format`, which fixes what it can): ESLint with typescript-eslint,
 * then Prettier, then Spectral on the OpenAPI documents. The tools live in this folder with their
 * own lockfile: typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 (the project's compiler) no longer has, so they
 * carry TypeScript 6.0 apart from the project's dependencies. Installed on first use.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fix = process.argv.includes('--fix');

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Installed when missing, or when the lockfile names a tool this folder does not have yet.
const tools = Object.keys((JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies);
if (!existsSync(join(here, 'node_modules', '.package-lock.json')) || tools.some((name) => !existsSync(join(here, 'node_modules', name)))) {
  run('npm', ['ci', '--no-audit', '--no-fund', '--silent'], here);
}
const bin = (name: string) => join(here, 'node_modules', '.bin', name);

run(bin('prettier'), [fix ? '--write' : '--check', '--log-level', 'warn', '.']);
run(bin('eslint'), ['--config', join(here, 'eslint.config.js'), ...(fix ? ['--fix'] : []), '.']);
// Both OpenAPI documents, with Spectral's OpenAPI ruleset: no errors and no warnings (docs/behaviour.md, section 26).
run(bin('spectral'), ['lint', '--ruleset', join(here, 'spectral.yaml'), '--fail-severity=warn', '--quiet', 'openapi.json', 'openapi.admin.json']);
