/**
 * The OS paths' `{firm_prefix}` (spec part 1 §7) from the build variable
 * VITE_FIRM_PREFIX, against a server started with FIRM_PREFIX=acme: the app
 * built with VITE_FIRM_PREFIX=acme (`npm run build:acme`, part of `npm run
 * test:browser`) shows the OS dashboard, a detail with its next steps, sends
 * a step and a message and reads the thread, every call answered; none asks
 * the default `firm` paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_DIST, screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv({ firmPrefix: 'acme' }, { appSource: ACME_DIST });
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const placeOf = (id: number) => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(id) as { place: string }).place;

describe('firm prefix', () => {
  it('with FIRM_PREFIX=acme and VITE_FIRM_PREFIX=acme: dashboard, detail with its next steps, a step and a message all work', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    const calls: { path: string; status: number }[] = [];
    const errors: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) calls.push({ path, status: r.status() });
    });
    page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} @ ${m.location().url}`));
    page.on('pageerror', (e) => errors.push(String(e)));
    const answered = (path: string) => calls.some((c) => c.path === path && c.status === 200);

    await signIn(page, 'gl@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    await page.goto('/dashboard-os');
    await page.getByText('Demandes en attente de votre part').waitFor();
    await expect.poll(() => answered('/api/acme/dashboards/acme_owners/0')).toBe(true);
    await page.getByRole('link', { name: /Demandes à compléter/ }).waitFor();
    await screenshots(page, 'firm-prefix-dashboard');

    const os = db().prepare(`SELECT id, number FROM work_validation_requests WHERE place = 'request_completion' ORDER BY id LIMIT 1`).get() as {
      id: number;
      number: string;
    };
    await page.goto(`/requests-os-detail/${os.id}`);
    await page.getByRole('heading', { name: new RegExp(`N° ${os.number}`) }).waitFor();
    const complete = page.getByRole('button', { name: 'Demande complétée' });
    await complete.waitFor();
    await expect.poll(() => calls.some((c) => c.path === '/api/acme/workflows/next_step' && c.status === 200)).toBe(true);
    await expect.poll(() => answered('/api/work_validation_request/message_acme')).toBe(true);
    await screenshots(page, 'firm-prefix-detail');

    await complete.click();
    await expect.poll(() => placeOf(os.id), { timeout: 15_000 }).toBe('os_creation');
    // The server writes the step before it answers: the answer may reach this test a moment after.
    await expect.poll(() => calls.filter((c) => c.path === '/api/acme/workflows/go_to_step').map((c) => c.status)).toEqual([200]);
    // The step's automatic message comes back through the thread of the acme path.
    await page.getByRole('tab', { name: 'Suivi' }).click();
    await page
      .getByText(/a fait passer la demande/)
      .first()
      .waitFor();

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByLabel('Votre message').fill('Devis reçu, merci.');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    const sent = () =>
      (
        db().prepare(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND object_id = ? AND message_text = 'Devis reçu, merci.'`).get(os.id) as {
          n: number;
        }
      ).n;
    await expect.poll(sent, { timeout: 10_000 }).toBe(1);
    await page.getByText('Devis reçu, merci.').waitFor();
    await screenshots(page, 'firm-prefix-messages');

    expect(calls.filter((c) => c.path.startsWith('/api/firm/') || c.path.endsWith('message_firm'))).toEqual([]);
    expect(calls.filter((c) => c.status >= 400)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
