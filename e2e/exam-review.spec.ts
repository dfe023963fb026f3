import type { Page } from '@playwright/test';
import type { ExamQuestion, ExamQuestionsResponse, ExamReviewResponse } from '@medallion/contracts/exam';
import { appText, chooseLanguage, expect, expectAccessible, test, type Lang, WIDTH_LANG_PAIRS } from './fixtures';

// Each test's examinee is a fresh account (the newDriver fixture), deleted after the test.
test.use({ driverProfile: { prefix: 'review', name: 'Rita Review', password: 'Review2024' } });

/** The questions this session may take (the free 5), with their correct flags. */
async function freeQuestions(page: Page): Promise<ExamQuestion[]> {
  return ((await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse).data.data;
}

async function reviewQueue(page: Page): Promise<ExamReviewResponse['data']> {
  const res = await page.request.get('/api/exam/review');
  expect(res.status()).toBe(200);
  return ((await res.json()) as ExamReviewResponse).data;
}

/** The app's text with its {{placeholders}} filled in. */
const text = (lang: Lang, ns: string, key: string, params: Record<string, string | number> = {}) =>
  appText(lang, ns, key).replace(/{{(\w+)}}/g, (_, name: string) => String(params[name]));

/** Chooses an answer by its id and submits it (a wrong one shows the explanation and Next). */
async function answer(page: Page, lang: Lang, answerId: string) {
  const main = page.getByRole('main');
  await main.locator(`input[type="radio"][value="${answerId}"]`).check();
  await main.getByRole('button', { name: text(lang, 'exam', 'submit'), exact: true }).click();
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test(`a missed question reappears in the review queue (${lang}, ${width}px)`, async ({ page, newDriver: _examinee }) => {
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    const [first] = await freeQuestions(page);
    const q = first!;
    const wrong = q.answers.find((a) => !a.correct)!;
    const right = q.answers.find((a) => a.correct)!;
    const questionText = lang === 'ru' ? q.question_rus : q.question;

    // The spec's run: question 1 answered wrong.
    await page.goto('/exam');
    const intro = page.getByRole('dialog', { name: text(lang, 'exam', 'intro.title') });
    await intro.getByRole('button', { name: text(lang, 'exam', 'intro.start') }).click();
    await expect(intro).toBeHidden();
    await expect(page.getByTestId('question-text')).toContainText(questionText);
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/exam/answers') && r.request().method() === 'POST');
    await answer(page, lang, wrong.answer_id);
    await expect(page.getByTestId('explanation')).toBeVisible();
    expect((await recorded).status()).toBe(200);

    // "Due for review (1)" appears below the run and leads to the queue.
    const card = page.getByTestId('review-due-card');
    await expect(card.getByRole('heading', { name: text(lang, 'exam', 'review.cardTitle', { count: 1 }) })).toBeVisible();
    await card.getByRole('link', { name: text(lang, 'exam', 'review.start') }).click();
    await expect(page).toHaveURL('/exam?mode=review');

    // Only the missed question runs, without the intro.
    await expect(page.getByRole('heading', { name: text(lang, 'exam', 'review.banner_one', { count: 1 }) })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('exam-progress')).toHaveText(text(lang, 'exam', 'progress', { n: 1, total: 1 }));
    await expect(page.getByTestId('question-text')).toContainText(questionText);
    await expectAccessible(page);

    // Answered right on the day of the miss: it stays in the queue, due tomorrow.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/exam/answers') && r.request().method() === 'POST');
    await answer(page, lang, right.answer_id);
    expect((await again).status()).toBe(200);
    const result = page.getByRole('dialog', { name: text(lang, 'exam', 'practice.doneTitle') });
    await expect(result.getByText(text(lang, 'exam', 'practice.score', { score: 1, total: 1 }))).toBeVisible();
    const queue = await reviewQueue(page);
    expect(queue).toMatchObject({ due: [], upcoming: 1, total: 1 });

    // Again: nothing is due today; the page says to come back tomorrow.
    await result.getByRole('button', { name: text(lang, 'exam', 'practice.again') }).click();
    await expect(page.getByRole('heading', { name: text(lang, 'exam', 'review.emptyTomorrowTitle') })).toBeVisible();
    await expect(page.getByTestId('review-empty')).toBeVisible();
    await expect(page.getByTestId('question-text')).toHaveCount(0);
    await expectAccessible(page);
  });
}
