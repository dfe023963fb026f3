import type { Page } from '@playwright/test';
import { EXAM_TOPICS, type ExamQuestion, type ExamQuestionsResponse, type ExamReadinessResponse } from '@medallion/contracts/exam';
import { appText, chooseLanguage, expect, expectAccessible, hydrated, test, type Lang, WIDTH_LANG_PAIRS } from './fixtures';

// A fresh examinee (the newDriver fixture), deleted after the test.
test.use({ driverProfile: { prefix: 'ready', name: 'Rita Ready', password: 'Ready2024x' } });

const tx = (lang: Lang, key: string) => appText(lang, 'exam', key);
/** A plural text for 5 (English "other", Russian "many"), its count filled in. */
const five = (lang: Lang, key: string) => tx(lang, `${key}_${lang === 'en' ? 'other' : 'many'}`).replace('{{count}}', '5');

/** Stores a finished attempt of the free questions through the API (an unpaid user cannot finish a run in the page). */
async function storeAttempt(page: Page, wrongPositions: number[]) {
  const body = (await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse;
  const answers = body.data.data.map((q: ExamQuestion) => ({
    question_id: q.question_id,
    answer_id: q.answers.find((a) => a.correct === !wrongPositions.includes(q.position))!.answer_id,
  }));
  const res = await page.request.post('/api/exam/attempts', { data: { answers } });
  expect(res.status()).toBe(200);
}

/** Opens the page and waits until the browser has taken it over and the readiness card has its data. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test(`the readiness card changes after an attempt (${lang}, ${width}px)`, async ({ page, newDriver: _driver }) => {
    test.setTimeout(120_000);
    await chooseLanguage(page, lang);
    await page.setViewportSize({ width, height: 800 });

    // No attempts yet: the empty state, with the way to the exam.
    await open(page, '/dashboard?tab=saved');
    const card = page.getByTestId('readiness-card');
    await expect(card.getByRole('heading', { name: tx(lang, 'readiness.title') })).toBeVisible();
    await expect(card.getByText(tx(lang, 'readiness.empty'))).toBeVisible();
    await expect(card.getByRole('link', { name: tx(lang, 'readiness.next.take-first-exam.action') })).toHaveAttribute('href', '/exam');
    await expectAccessible(page);

    // One attempt of 5 answers: not enough for a score yet, but the attempt is there.
    await storeAttempt(page, []);
    await page.reload();
    await hydrated(page);
    await expect(card.getByTestId('readiness-score')).toHaveText(five(lang, 'readiness.notEnough'));
    await expect(card.getByRole('img', { name: tx(lang, 'readiness.chartSummary_one').replace('{{latest}}', '100').replace('{{pass}}', '76') })).toBeVisible();

    // A second attempt (2 of 5 wrong): a score, a verdict, topic bars with the weak ones marked, and the next step.
    await storeAttempt(page, [2, 4]);
    const readiness = ((await (await page.request.get('/api/exam/readiness')).json()) as ExamReadinessResponse).data;
    expect(readiness.score).not.toBeNull();
    await page.reload();
    await hydrated(page);
    await expect(card.getByTestId('readiness-score')).toContainText(`${readiness.score}%`);
    await expect(card.getByTestId('readiness-verdict')).toHaveText(tx(lang, `readiness.verdict.${readiness.verdict}`));
    const topics = card.getByTestId('readiness-topic');
    await expect(topics).toHaveCount(EXAM_TOPICS.length);
    expect(readiness.weak_topics.length).toBeGreaterThan(0);
    for (const topic of readiness.weak_topics) {
      const bar = topics.filter({ hasText: tx(lang, `topics.${topic}`) });
      await expect(bar.getByText(tx(lang, 'readiness.weak'))).toBeVisible();
    }
    await expect(topics.filter({ hasText: tx(lang, 'readiness.weak') })).toHaveCount(readiness.weak_topics.length);
    expect(readiness.next_step).toBe('practice-topic');
    await expect(card.getByTestId('readiness-next')).toHaveAttribute('href', `/exam?topic=${readiness.next_topic}`);
    // The chart names its values: two attempts, 100 % and 60 %.
    await expect(card.getByRole('img', { name: /100%/ })).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: '(60%)' })).toHaveCount(1);
    await expectAccessible(page);

    // On /exam: the compact card below the runner (behind the intro popup until Start), so that its
    // arrival never moves the question and its answers.
    await open(page, '/exam');
    const intro = page.getByRole('dialog', { name: tx(lang, 'intro.title') });
    await expect(intro).toBeVisible();
    await intro.getByRole('button', { name: tx(lang, 'intro.start') }).click();
    await expect(intro).toBeHidden();
    const compact = page.getByTestId('readiness-card');
    await expect(compact.getByTestId('readiness-score')).toContainText(`${readiness.score}%`);
    const submit = await page.getByRole('button', { name: tx(lang, 'submit'), exact: true }).boundingBox();
    const cardBox = await compact.boundingBox();
    expect(cardBox!.y).toBeGreaterThan(submit!.y + submit!.height);
    await expect(compact.getByTestId('readiness-topics')).toBeHidden();
    await compact.getByText(tx(lang, 'readiness.details')).click();
    await expect(compact.getByTestId('readiness-topics')).toBeVisible();
    await expect(compact.getByTestId('readiness-chart')).toBeVisible();
    await expectAccessible(page);
  });
}

test('guests see no readiness card on /exam, and no error', async ({ page }) => {
  await chooseLanguage(page, 'en');
  await open(page, '/exam');
  await expect(page.getByRole('dialog', { name: tx('en', 'intro.title') })).toBeVisible();
  await expect(page.getByTestId('readiness-card')).toHaveCount(0);
  expect((await page.request.get('/api/exam/readiness')).status()).toBe(401);
});
