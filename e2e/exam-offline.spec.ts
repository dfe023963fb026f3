import type { BrowserContext, Page } from '@playwright/test';
import type { ExamAnswerLogResponse, ExamQuestion, ExamQuestionsResponse } from '@medallion/contracts/exam';
import { appText, buyExamAccessByApi, chooseLanguage, expect, hydrated, test, WIDTH_LANG_PAIRS, type Lang } from './fixtures';

/*
 * Issue #34, the installable offline exam (decision 0012): after one online visit of /exam the service
 * worker keeps the app, the page and the questions the user may see; practice goes on in airplane mode,
 * the answers wait in the browser and reach the server once when the connection returns; the kept exam
 * belongs to one account and is gone when it signs out; the app is installable.
 */

test.use({ driverProfile: { prefix: 'offline', name: 'Olga Offline', password: 'Offline2026' } });

const tx = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  appText(lang, 'exam', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function questionsOf(page: Page): Promise<ExamQuestion[]> {
  return ((await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse).data.data;
}
async function recordedAnswers(page: Page) {
  return ((await (await page.request.get('/api/exam/answers')).json()) as ExamAnswerLogResponse).data.answers;
}
/** The exam caches the service worker holds now (their names end with the user's id, or "guest"). */
const examCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('medallion-exam-')));

/** Opens /exam online and waits until the worker says the exam is kept on this device. */
async function visitOnline(page: Page, lang: Lang) {
  await page.goto('/exam');
  await hydrated(page);
  // The first visit installs the worker (the shell's ~100 files) and keeps the exam (a server render of
  // /exam): on a busy 2-core machine that can take longer than a page's content.
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-offline', 'ready', { timeout: 45_000 });
  await expect(page.getByTestId('offline-ready')).toHaveText(tx(lang, 'offline.ready'));
}

/** Airplane mode, then the page again: it comes from the worker's copy. */
async function reloadOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
}

/** Answers the question on screen with its right answer (from `byId`) and waits for the next one. */
async function answerRight(page: Page, lang: Lang, right: ReadonlySet<string>, n: number) {
  const main = page.getByRole('main');
  const progress = page.getByTestId('exam-progress');
  await expect(progress).toContainText(tx(lang, 'progress', { n, total: 'X' }).split('X')[0]!);
  const values = await main.locator('input[type="radio"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const value = values.find((v) => right.has(v));
  expect(value, `a right answer among ${values.join(', ')}`).toBeTruthy();
  await main.locator(`input[type="radio"][value="${value}"]`).click();
  await main.getByRole('button', { name: tx(lang, 'submit'), exact: true }).click();
}

const [MOBILE, DESKTOP] = WIDTH_LANG_PAIRS;

test(`practice in airplane mode after one visit: 10 answers reach the server once when back online (${MOBILE[0]}px, ${MOBILE[1]})`, async ({
  page,
  context,
  newDriver,
}) => {
  void newDriver;
  const [width, lang] = MOBILE;
  await page.setViewportSize({ width, height: 800 });
  await chooseLanguage(page, lang);
  await buyExamAccessByApi(page, 'offline');
  const bank = await questionsOf(page);
  expect(bank.length).toBeGreaterThan(10);
  const right = new Set(bank.flatMap((q) => q.answers.filter((a) => a.correct).map((a) => a.answer_id)));

  await visitOnline(page, lang);
  await reloadOffline(context, page);
  await expect(page.getByTestId('offline-notice')).toHaveText(tx(lang, 'offline.offline'));
  const intro = page.getByRole('dialog', { name: tx(lang, 'intro.title') });
  await intro.getByRole('button', { name: tx(lang, 'intro.start') }).click();
  await expect(intro).toHaveCount(0);
  for (let n = 1; n <= 10; n++) await answerRight(page, lang, right, n);
  await expect(page.getByTestId('exam-progress')).toContainText(tx(lang, 'progress', { n: 11, total: 'X' }).split('X')[0]!);

  // Nothing reached the server while offline; the ten wait in this browser with their keys.
  expect(await recordedAnswers(page)).toEqual([]);
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('medallion.exam-answers.v1') ?? '[]') as Array<{ key: string }>);
  expect(queued).toHaveLength(10);

  await context.setOffline(false);
  await expect.poll(async () => (await recordedAnswers(page)).length).toBe(10);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('medallion.exam-answers.v1'))).toBeNull();
  const recorded = await recordedAnswers(page);
  expect(new Set(recorded.map((a) => a.key))).toEqual(new Set(queued.map((a) => a.key)));
  expect(new Set(recorded.map((a) => a.question_id)).size).toBe(10);
  expect(recorded.every((a) => a.correct)).toBe(true);

  // The same queue sent again (a lost reply, a second tab): nothing more is counted.
  const again = await page.evaluate(
    async (answers) => {
      const response = await fetch('/api/exam/answers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'exam', answers }),
      });
      return ((await response.json()) as { data: { recorded: number } }).data.recorded;
    },
    queued as Array<{ key: string; question_id: string; answer_id: string }>,
  );
  expect(again).toBe(0);
  expect(await recordedAnswers(page)).toHaveLength(10);
});

test(`one account's kept exam never reaches the next: signed out, it is gone; B offline sees only B's questions (${DESKTOP[0]}px, ${DESKTOP[1]})`, async ({
  page,
  context,
  newDriver,
  newAccount,
}) => {
  void newDriver;
  const [width, lang] = DESKTOP;
  await page.setViewportSize({ width, height: 800 });
  await chooseLanguage(page, lang);
  await buyExamAccessByApi(page, 'offline-a');
  const paid = await questionsOf(page);
  expect(paid.length).toBeGreaterThan(5);
  await visitOnline(page, lang);
  expect(await examCaches(page)).toHaveLength(1);
  await page
    .getByRole('dialog', { name: tx(lang, 'intro.title') })
    .getByRole('button', { name: tx(lang, 'intro.start') })
    .click();

  // A signs out with the header's button: the worker forgets A's exam before the answer comes.
  await page.getByRole('button', { name: appText(lang, 'common', 'nav.signOut') }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await hydrated(page);
  expect(await examCaches(page)).toEqual([]);

  // B (no paid access) signs in; offline before any visit, /exam is simply not there: nothing of A's.
  await newAccount(page, { prefix: 'offline-b', name: 'Boris Offline' });
  await context.setOffline(true);
  await expect(page.goto('/exam')).rejects.toThrow();
  await context.setOffline(false);

  // Online once, B's own exam is kept: the free questions, and only those, offline.
  const free = await questionsOf(page);
  expect(free.length).toBeLessThan(paid.length);
  await visitOnline(page, lang);
  await reloadOffline(context, page);
  await expect(page.getByTestId('offline-notice')).toHaveText(tx(lang, 'offline.offline'));
  const offlineBank = await page.evaluate(async () => {
    const body = (await (await fetch('/api/exam/questions')).json()) as { data: { data: Array<{ question_id: string }>; full_access: boolean } };
    return { ids: body.data.data.map((q) => q.question_id), full: body.data.full_access };
  });
  expect(offlineBank).toEqual({ ids: free.map((q) => q.question_id), full: false });
  const html = await page.content();
  for (const question of paid.filter((q) => !offlineBank.ids.includes(q.question_id)).slice(0, 20)) expect(html).not.toContain(question.question);
  const caches = await examCaches(page);
  expect(caches).toHaveLength(1);
  await context.setOffline(false);
});

test('the app is installable: a manifest without errors, no installability errors', async ({ page }) => {
  await page.goto('/exam');
  await hydrated(page);
  // The worker controls the page once it is active (the installability check wants one with a fetch handler).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 45_000 }).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Medallion', display: 'standalone', start_url: '/exam' });
  await expect.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors).toEqual([]);
});

for (const width of [MOBILE[0], 320]) {
  test(`the Install button and "Available offline" never move each other as they appear (${width}px, ${MOBILE[1]})`, async ({ browser, baseURL }) => {
    // A guest on a phone whose browser offers to install the app (Lighthouse's Chromium does): the offer is
    // an event the page keeps (lib/install-prompt.ts), given here right after the first paint.
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: MOBILE[1] === 'ru' ? 'ru-RU' : 'en-US' });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { __shifts: string[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
            if (entry.hadRecentInput) continue;
            for (const { node } of entry.sources ?? []) {
              const element = node instanceof Element ? node : node?.parentElement;
              if (element?.closest('[data-testid="offline-status"]')) shifts.push(`${element.tagName} "${element.textContent?.trim()}" ${entry.value}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: () => Promise.resolve(),
            userChoice: Promise.resolve({ outcome: 'dismissed' }),
          });
          window.dispatchEvent(offer);
        });
      });
      await page.goto('/exam');
      await hydrated(page);
      const status = page.getByTestId('offline-status');
      await expect(status.getByRole('button', { name: tx(MOBILE[1], 'offline.install') })).toBeVisible();
      await expect(status).toHaveAttribute('data-offline', 'ready', { timeout: 45_000 });
      await expect(page.getByTestId('offline-ready')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
