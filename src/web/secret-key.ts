/**
 * The key of staff sign-in's secrets at rest (the TOTP secrets of partner users and operators, and
 * the ID tokens single sign-on sessions keep for their logout):
 * DASHBOARD_SECRET_KEY (required in production), or else one generated on first use and kept in
 * DATA_DIR (`dashboard-secret.key`, mode 0600), so a restart still opens what was sealed. Resolved
 * lazily: only the two-factor pages and single sign-on need it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { SecretBox } from '../services/secret-box.ts';

const boxes = new WeakMap<Config, () => SecretBox>();

/** The box of the app's configuration, made on first use and shared by the surfaces. */
export function secretBoxFor(config: Config): () => SecretBox {
  let resolve = boxes.get(config);
  if (!resolve) {
    let box: SecretBox | null = null;
    resolve = () => {
      box ??= new SecretBox(config.dashboardSecretKey ?? keptKey(config.dataDir));
      return box;
    };
    boxes.set(config, resolve);
  }
  return resolve;
}

function keptKey(dataDir: string): string {
  const path = join(dataDir, 'dashboard-secret.key');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}
