/**
 * `npm run openapi`: writes the OpenAPI 3.1 documents, generated from the same schemas that
 * validate requests: the partner API's to openapi.json, the admin API's to openapi.admin.json
 * (other paths as the two arguments). Uses an in-memory database; nothing is served.
 */
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { migrate } from '../store/migrate.ts';
import { openPglite } from '../store/pglite-db.ts';

const db = await openPglite();
await migrate(db);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '' });
const app = await buildApp({ config, db, adminTokenHash: null });
await app.ready();
const target = process.argv[2] ?? 'openapi.json';
const adminTarget = process.argv[3] ?? 'openapi.admin.json';
await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await writeFile(adminTarget, `${JSON.stringify(app.adminSwagger(), null, 2)}\n`);
await app.close();
await db.close();
process.stdout.write(`OpenAPI documents written to ${target} and ${adminTarget}\n`);
