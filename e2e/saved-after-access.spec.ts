import { freePort, ownApp } from './own-app';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '@medallion/db/client';
import { payments, user } from '@medallion/db/schema';
import { request as playwrightRequest } from '@playwright/test';
import { codeFor, chooseLanguage, expect, hydrated, test, WIDTH_LANG_PAIRS, appText as tx } from './fixtures';

/*
 * Issue #21: once exam access has ended, the saved questions past the free preview can still be
 * removed. Access ends by the database's clock, so this spec runs an app of its own (the build the
 * e2e run made, on a data dir of its own): accounts buy access and save questions, the app stops, the
 * test moves their access into the past in the database, the app starts again and the browser removes
 * a saved question from the dashboard.
 */

const PASSWORD = 'Lapsed2024';
const LOCKED = ['q006', 'q040', 'q080'];
const CASES = WIDTH_LANG_PAIRS.map(([width, lang]) => ({ width, lang, email: `lapsed-${lang}-${width}-${Date.now()}@example.com` }));

// One app for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

const port = freePort();
const origin = `http://127.0.0.1:${port}`;
let dataDir = '';
const app = ownApp({ port, publicUrl: origin, dataDir: () => dataDir, healthTimeoutMs: 150_000 });

/** A confirmed account with paid exam access and the LOCKED questions saved. */
async function lapsingAccount(email: string) {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    expect((await api.post('/api/auth/sign-up', { data: { name: 'Lena Lapsed', email, password: PASSWORD } })).status()).toBe(200);
    expect((await api.post('/api/auth/confirm-sign-up', { data: { email, code: await codeFor(api, email) } })).status()).toBe(200);
    expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).status()).toBe(200);
    const setup = (await (await api.post('/api/payments/create-setup-intent')).json()) as { data: { 'client-secret': string } };
    const card = await api.post('/api/payments/sandbox/confirm-setup', {
      data: { 'client-secret': setup.data['client-secret'], number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    });
    expect(card.status()).toBe(200);
    const paid = await api.post('/api/payments/create-payment-intent', {
      data: {
        'user-pm': ((await card.json()) as { data: { id: string } }).data.id,
        'payment-amount': 2000,
        'transaction-type': 'exam',
        'original-amount': 2000,
        'discount-amount': 0,
        'transaction-id': `lapsed-${email}`,
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    for (const question_id of LOCKED) {
      const saved = await api.post('/api/exam/questions/save', { data: { question_id } });
      expect(((await saved.json()) as { data: { saved: boolean } }).data.saved).toBe(true);
    }
  } finally {
    await api.dispose();
  }
}

test.beforeAll(async () => {
  test.setTimeout(480_000);
  dataDir = mkdtempSync(join(tmpdir(), 'medallion-e2e-lapsed-'));
  await app.start();
  for (const { email } of CASES) await lapsingAccount(email);
  await app.stop();
  // Access ended a minute ago (by the database's clock, the one the app asks).
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const lapsing = database.db
      .select({ id: user.id })
      .from(user)
      .where(
        inArray(
          user.email,
          CASES.map((c) => c.email),
        ),
      );
    const ended = await database.db
      .update(payments)
      .set({ accessExpiry: sql`now() - interval '1 minute'` })
      .where(and(eq(payments.purpose, 'exam'), inArray(payments.userId, lapsing)))
      .returning({ id: payments.id });
    expect(ended).toHaveLength(CASES.length);
  } finally {
    await database.close();
  }
  await app.start();
});

test.afterAll(async () => {
  await app.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const { width, lang, email } of CASES) {
  test(`a saved question is removed after access has expired (${width}px, ${lang})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    await page.context().addCookies([{ name: 'medallion.language', value: lang, url: origin }]);
    expect((await page.request.post(`${origin}/api/auth/sign-in`, { data: { email, password: PASSWORD } })).status()).toBe(200);
    // Access has ended: only the free preview is open.
    const questions = (await (await page.request.get(`${origin}/api/exam/questions`)).json()) as { data: { full_access: boolean } };
    expect(questions.data.full_access).toBe(false);

    await page.goto(`${origin}/dashboard?tab=saved`);
    const list = page.getByTestId('saved-questions');
    await expect(list.getByRole('listitem')).toHaveCount(LOCKED.length);
    await hydrated(page);
    const first = list.getByRole('listitem').first();
    const text = (await first.locator('p').innerText()).trim();
    const removal = page.waitForResponse((r) => r.url().endsWith('/api/exam/questions/save') && r.request().method() === 'POST');
    await first.getByRole('button').click();
    expect((await removal).status()).toBe(200);
    await expect(page.getByText(tx(lang, 'exam', 'toasts.removed'))).toBeVisible();
    await expect(page.getByText(tx(lang, 'exam', 'toasts.saveFailed'))).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(LOCKED.length - 1);
    await expect(list.getByText(text, { exact: true })).toHaveCount(0);
    // Still gone after a reload: the server removed it.
    await page.reload();
    await expect(page.getByTestId('saved-questions').getByRole('listitem')).toHaveCount(LOCKED.length - 1);
  });
}
