// Generates a PostgreSQL database and keeps it: postgres://postgres@127.0.0.1:5432/scaleprobe
import pg from 'pg';
import { openPostgres } from './src/store/postgres-db.ts';
import { migrate } from './src/store/migrate.ts';
import { growTenant, settle } from './bench/scale-data.ts';
const n = Number(process.argv[2] ?? 20000);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();
const name = process.argv[3] ?? 'scaleprobe';
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const db = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:5432/' + name, max: 2 });
await migrate(db);
await db.query("INSERT INTO partners (id, name) VALUES ('11111111-1111-1111-1111-111111111111', 'Big'), ('22222222-2222-2222-2222-222222222222', 'Small')");
const now = new Date();
await growTenant(db, {
  partnerId: '11111111-1111-1111-1111-111111111111',
  environment: 'sandbox',
  tag: 'big',
  from: 0,
  to: n,
  requestsPerCustomer: 10,
  spanDays: 14,
  spanCustomers: n,
  now,
});
await growTenant(db, {
  partnerId: '22222222-2222-2222-2222-222222222222',
  environment: 'sandbox',
  tag: 'small',
  from: 0,
  to: 12,
  requestsPerCustomer: 10,
  spanDays: 14,
  spanCustomers: 12,
  now,
});
await settle(db);
await db.close();
console.log('ok');
