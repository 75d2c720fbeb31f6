/**
 * Issue 34: a flood of logins cannot starve the API. GET /authentication_check/ is measured on a
 * server of its own, first alone, then while 200 console logins are kept in flight at once (each
 * with a wrong password for an unknown email, so each runs a full scrypt against the decoy, and
 * AUTH_FAILURES_PER_MINUTE lifted, as for an attacker spread over many addresses). Password
 * hashing runs outside transactions, a few at a time (src/services/hashing-gate.ts); the rest wait
 * their turn or get 429. The rows put the check's latency alone and under the flood side by side,
 * with the logins answered meanwhile by status.
 */
import { randomBytes } from 'node:crypto';
import { measureLoad } from './load.ts';
import type { Measurement } from './report.ts';
import type { ScenarioContext } from './scenario-context.ts';

/** Logins kept in flight at once during the measured run. */
export const FLOOD_LOGINS = 200;

interface LoginForm {
  cookie: string;
  csrf: string;
}

/** A login page's session cookie and form token, as a browser gets them before posting the form. */
async function loginForm(baseUrl: string): Promise<LoginForm> {
  const page = await fetch(`${baseUrl}/console/login`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!cookie || !csrf) throw new Error('the console login page gave no session or form token');
  return { cookie, csrf };
}

/** Keeps FLOOD_LOGINS wrong logins in flight until `stop()`; counts the answers by status. */
function flood(baseUrl: string, forms: LoginForm[]) {
  const statuses: Record<string, number> = {};
  let running = true;
  const one = async (form: LoginForm): Promise<void> => {
    while (running) {
      const body = new URLSearchParams({ _csrf: form.csrf, email: `flood-${randomBytes(6).toString('hex')}@lender.example`, password: 'a wrong password' });
      const status = await fetch(`${baseUrl}/console/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }).then(
        async (res) => {
          await res.body?.cancel();
          return String(res.status);
        },
        () => 'error',
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const all = Promise.all(forms.map(one));
  return {
    statuses,
    async stop() {
      running = false;
      await all;
    },
  };
}

export async function runLoginFlood(ctx: ScenarioContext): Promise<Measurement[]> {
  const target = { url: ctx.server.url, headers: ctx.api.partnerHeaders, pid: ctx.server.pid };
  const check = { method: 'GET', path: `${ctx.api.apiPrefix}/authentication_check/` } as const;
  const alone = await measureLoad(target, { ...ctx.scenario, name: 'GET /authentication_check/, alone' }, ctx.backend, check, ctx.settings);

  const forms = await Promise.all(Array.from({ length: FLOOD_LOGINS }, () => loginForm(ctx.server.url)));
  const logins = flood(ctx.server.url, forms);
  const flooded = await measureLoad(
    target,
    { ...ctx.scenario, name: `GET /authentication_check/, during ${FLOOD_LOGINS} concurrent logins` },
    ctx.backend,
    check,
    { ...ctx.settings, warmupS: 0 },
  );
  await logins.stop();
  const answered = Object.values(logins.statuses).reduce((a, b) => a + b, 0);
  const byStatus = Object.entries(logins.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  flooded.summary = `logins answered meanwhile: ${answered} (${byStatus}); p99 ${(flooded.p99Ms / alone.p99Ms).toFixed(1)}× alone`;
  flooded.details = { ...flooded.details, loginStatuses: logins.statuses, loginsInFlight: FLOOD_LOGINS };
  if (logins.statuses.error || logins.statuses['500']) flooded.issues.push(`logins failed: ${byStatus}`);
  return [alone, flooded];
}
