/**
 * `npm run operator -- create --email E --name N --role R`: creates an operator account and prints
 * its generated password once (docs/behaviour.md, section 19), with the link that sets up its second
 * factor (section 29). `npm run operator -- demo`: new demo secrets in place of those the first
 * start printed, which are stored only as hashes (section 31; src/demo-secrets.ts). Uses
 * DATABASE_URL or DATA_DIR like the service; with embedded PGlite the service must not be running
 * at the same time.
 */
import { parseArgs } from 'node:util';
import { secretLines } from '../bootstrap.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DomainError } from '../domain/errors.ts';
import { createOperator } from '../services/operators.ts';
import { issueSetupLink, setupLinkUrl } from '../services/operator-two-factor.ts';
import { reissueDemoSecrets } from '../demo-secrets.ts';
import type { Db } from '../store/db.ts';
import { openDatabase } from '../store/open.ts';

const USAGE = 'Usage: npm run operator -- create --email E --name N --role viewer|underwriter|admin\n       npm run operator -- demo';

/** Prints new demo secrets, each replacing the one printed before. */
async function demo(config: Config, db: Db): Promise<number> {
  const { generated, notes } = await reissueDemoSecrets(config, { db, now: () => new Date() });
  const lines = [
    'New demo secrets, shown once (only their hashes are stored, so the ones printed before cannot be shown again;',
    'the earlier demo sandbox token, invitation and set-up link no longer work; a new admin token takes effect at the next start):',
    ...secretLines(config, generated),
    ...notes,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const isDemo = positionals[0] === 'demo' && positionals.length === 1;
  if (!isDemo && (positionals[0] !== 'create' || positionals.length !== 1 || !values.email || !values.name || !values.role)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const { db } = await openDatabase(config);
  try {
    if (isDemo) return await demo(config, db);
    if (!values.email || !values.name || !values.role) return 2;
    const ctx = { db, now: () => new Date() };
    const { operator, password } = await createOperator(
      ctx,
      { kind: 'system', label: 'command line' },
      {
        email: values.email,
        name: values.name,
        role: values.role,
      },
    );
    const link = await issueSetupLink(ctx, operator.id);
    process.stdout.write(
      `Operator ${operator.email} (${operator.role}) created, id ${operator.id}\nPassword (shown once, keep it): ${password}\n` +
        `Two-factor set-up link (single use, within 72 hours; the password is asked there): ${setupLinkUrl(config.publicBaseUrl, link.token)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      process.stderr.write(`Not created: ${error.problems.map((p) => p.detail).join('; ')}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
