import type { Page } from '@playwright/test';
import type { ExamQuestion, ExamQuestionsResponse, ExamRunResponse } from '@medallion/contracts/exam';
import { appText, buyExamAccessByApi, chooseLanguage, expect, hydrated, saveCardByApi, test, WIDTHS, type Lang } from './fixtures';

/*
 * Resume of the spec's 80-question run (issue #17): a run in progress survives a reload (guest: this
 * browser; signed in: the account), sign-in, and the trip through /exam-checkout, and continues where
 * it stopped with its score and its mistakes.
 */

test.use({ driverProfile: { prefix: 'resume', name: 'Rita Resume', password: 'Resume2024' } });

const tx = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  appText(lang, 'exam', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** Each width once in English and once in Russian across the tests below. */
const CASES: Array<{ width: number; lang: Lang }> = [
  { width: WIDTHS[0], lang: 'ru' },
  { width: WIDTHS[1], lang: 'en' },
];

async function questions(page: Page): Promise<ExamQuestion[]> {
  return ((await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse).data.data;
}
async function serverRun(page: Page) {
  return ((await (await page.request.get('/api/exam/run?mode=exam')).json()) as ExamRunResponse).data;
}
const correctOf = (q: ExamQuestion) => q.answers.find((a) => a.correct)!;
const wrongOf = (q: ExamQuestion) => q.answers.find((a) => !a.correct)!;

const progress = (page: Page) => page.getByTestId('exam-progress');
const score = (page: Page) => page.getByTestId('exam-score');
const notice = (page: Page) => page.getByTestId('resume-notice');
const intro = (page: Page, lang: Lang) => page.getByRole('dialog', { name: tx(lang, 'intro.title') });

async function open(page: Page, path = '/exam') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await hydrated(page);
}

/** Answers the question on screen (n is 1-based) and waits for the next one. */
async function answer(page: Page, lang: Lang, q: ExamQuestion, n: number, correct: boolean) {
  const main = page.getByRole('main');
  await expect(progress(page)).toHaveText(tx(lang, 'progress', { n, total: 80 }));
  await main.locator(`input[type="radio"][value="${(correct ? correctOf(q) : wrongOf(q)).answer_id}"]`).click();
  await main.getByRole('button', { name: tx(lang, 'submit'), exact: true }).click();
  if (!correct) await main.getByRole('button', { name: tx(lang, 'next'), exact: true }).click();
}

/** The run continues at question n with this score: the notice instead of the intro. */
async function expectResumed(page: Page, lang: Lang, n: number, points: number) {
  await expect(notice(page)).toContainText(tx(lang, 'resume.notice', { n }));
  await expect(score(page)).toHaveText(tx(lang, 'score', { score: points }));
  await expect(intro(page, lang)).toHaveCount(0);
}

for (const { width, lang } of CASES) {
  test(`a guest's run survives reloads and continues after sign-in (${width}px, ${lang})`, async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    await open(page);
    await intro(page, lang)
      .getByRole('button', { name: tx(lang, 'intro.start') })
      .click();
    await expect(intro(page, lang)).toHaveCount(0);
    const list = await questions(page);
    expect(list).toHaveLength(5);

    await answer(page, lang, list[0]!, 1, false);
    await answer(page, lang, list[1]!, 2, true);
    await answer(page, lang, list[2]!, 3, true);
    await expect(progress(page)).toHaveText(tx(lang, 'progress', { n: 4, total: 80 }));

    // A reload continues at question 4 with the score, without the intro.
    await page.reload();
    await hydrated(page);
    await expectResumed(page, lang, 4, 2);
    await expect(progress(page)).toHaveText(tx(lang, 'progress', { n: 4, total: 80 }));
    await expect(page.getByTestId('question-text')).toContainText(lang === 'ru' ? list[3]!.question_rus : list[3]!.question);
    await answer(page, lang, list[3]!, 4, true);
    // The notice goes with the first answer after resuming.
    await expect(notice(page)).toHaveCount(0);
    await answer(page, lang, list[4]!, 5, true);
    await expect(page.getByRole('heading', { name: tx(lang, 'paywall.guestTitle') })).toBeVisible();

    // At the paywall after a reload: still question 6, asked to sign in.
    await page.reload();
    await hydrated(page);
    await expectResumed(page, lang, 6, 4);
    await expect(page.getByRole('heading', { name: tx(lang, 'paywall.guestTitle') })).toBeVisible();

    // Signing in: the browser's run (further along than the account's none) continues and is uploaded.
    await newAccount(page);
    await open(page);
    await expectResumed(page, lang, 6, 4);
    await expect(page.getByRole('heading', { name: tx(lang, 'paywall.unlockTitle') })).toBeVisible();
    await expect.poll(async () => (await serverRun(page))?.position).toBe(5);
    const run = (await serverRun(page))!;
    expect(run).toMatchObject({ mode: 'exam', position: 5, score: 4, wrong_question_ids: [list[0]!.question_id] });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('medallion.exam-run.v1'))).toBeNull();
  });
}

for (const { width, lang } of CASES.map(({ width }, i) => ({ width, lang: CASES[1 - i]!.lang }))) {
  test(`a signed-in run continues at question 6 after paying, survives a reload, and starts over (${width}px, ${lang})`, async ({
    page,
    newDriver: _examinee,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    await open(page);
    await intro(page, lang)
      .getByRole('button', { name: tx(lang, 'intro.start') })
      .click();
    const free = await questions(page);
    for (const [i, q] of free.entries()) await answer(page, lang, q, i + 1, i !== 2);
    await expect(page.getByRole('heading', { name: tx(lang, 'paywall.unlockTitle') })).toBeVisible();
    await expect.poll(async () => (await serverRun(page))?.position).toBe(5);

    // Pay at question 6 with a saved sandbox card, then back to the exam.
    await saveCardByApi(page);
    await page.getByRole('link', { name: tx(lang, 'paywall.unlock') }).click();
    await expect(page).toHaveURL('/exam-checkout');
    await page.getByRole('radio', { name: /4242/ }).check();
    await page.getByRole('button', { name: tx(lang, 'checkout.submit'), exact: true }).click();
    await expect(page.getByRole('heading', { name: tx(lang, 'checkout.successTitle') })).toBeVisible();
    await page.getByRole('link', { name: tx(lang, 'checkout.backToExam') }).click();
    await expect(page).toHaveURL('/exam');
    await expectResumed(page, lang, 6, 4);
    await expect(progress(page)).toHaveText(tx(lang, 'progress', { n: 6, total: 80 }));
    const all = await questions(page);
    // Full access: the whole pool (200 questions since q081–q200); the run's exam is 80 of them.
    expect(all.length).toBeGreaterThan(80);
    // The run's exam was drawn from the whole pool when it began: after paying, its sixth question.
    const run = (await serverRun(page))!;
    expect(run.question_ids.slice(0, 5)).toEqual(free.map((q) => q.question_id));
    const sixth = all.find((q) => q.question_id === run.question_ids[5])!;
    await expect(page.getByTestId('question-text')).toContainText(lang === 'ru' ? sixth.question_rus : sixth.question);

    await answer(page, lang, sixth, 6, true);
    await expect(progress(page)).toHaveText(tx(lang, 'progress', { n: 7, total: 80 }));
    await expect.poll(async () => (await serverRun(page))?.position).toBe(6);

    // A reload takes the account's run.
    await page.reload();
    await hydrated(page);
    await expectResumed(page, lang, 7, 5);

    // Start over asks first; Keep going keeps the run, Yes clears it and the exam starts with its intro.
    await notice(page)
      .getByRole('button', { name: tx(lang, 'resume.startOver') })
      .click();
    await notice(page)
      .getByRole('button', { name: tx(lang, 'resume.cancel') })
      .click();
    await expect(notice(page)).toContainText(tx(lang, 'resume.notice', { n: 7 }));
    await notice(page)
      .getByRole('button', { name: tx(lang, 'resume.startOver') })
      .click();
    await expect(notice(page).getByText(tx(lang, 'resume.confirm'))).toBeVisible();
    await notice(page)
      .getByRole('button', { name: tx(lang, 'resume.confirmYes') })
      .click();
    await expect(intro(page, lang)).toBeVisible();
    await intro(page, lang)
      .getByRole('button', { name: tx(lang, 'intro.start') })
      .click();
    await expect(progress(page)).toHaveText(tx(lang, 'progress', { n: 1, total: 80 }));
    await expect(score(page)).toHaveText(tx(lang, 'score', { score: 0 }));
    await expect(notice(page)).toHaveCount(0);
    await expect.poll(() => serverRun(page)).toBeNull();
  });
}

for (const { width, lang } of CASES) {
  test(`a resumed run ends with its whole score and its earlier mistakes in the result (${width}px, ${lang})`, async ({ page, newDriver: _examinee }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    // Paid access, and a run at question 80 with three mistakes (kept on the account).
    await buyExamAccessByApi(page, 'resume');
    const pool = await questions(page);
    // The run's exam is drawn by the server on its first save; its answers follow the draw.
    const started = await page.request.put('/api/exam/run', { data: { mode: 'exam', position: 0, answers: [] } });
    const byId = new Map(pool.map((q) => [q.question_id, q]));
    const all = ((await started.json()) as ExamRunResponse).data!.question_ids.map((id) => byId.get(id)!);
    expect(all).toHaveLength(80);
    const mistakes = new Set([1, 9, 39]);
    const answers = all.slice(0, 79).map((q, i) => ({ question_id: q.question_id, answer_id: (mistakes.has(i) ? wrongOf(q) : correctOf(q)).answer_id }));
    const saved = await page.request.put('/api/exam/run', { data: { mode: 'exam', position: 79, answers, score: 79 } });
    expect(saved.status()).toBe(200);

    await open(page);
    await expectResumed(page, lang, 80, 76);
    await answer(page, lang, all[79]!, 80, true);
    const result = page.getByRole('dialog', { name: tx(lang, 'result.passed') });
    await expect(result.getByText(tx(lang, 'result.score', { score: 77, total: 80 }))).toBeVisible();
    const review = result.getByTestId('review-list').locator(':scope > li');
    await expect(review).toHaveCount(3);
    for (const [k, i] of [...mistakes].entries()) {
      await expect(review.nth(k)).toContainText(lang === 'ru' ? all[i]!.question_rus : all[i]!.question);
    }
    // The recorded attempt ends the run: the next visit starts afresh.
    await expect.poll(() => serverRun(page)).toBeNull();
    const attempts = (await (await page.request.get('/api/exam/attempts')).json()) as { data: { data: Array<{ score: number; total: number }> } };
    expect(attempts.data.data[0]).toMatchObject({ score: 77, total: 80 });
  });
}
