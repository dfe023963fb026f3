import type { Page } from '@playwright/test';
import type { ExamAttemptsResponse, ExamQuestion, ExamQuestionsResponse, ExamSimulationResponse } from '@medallion/contracts/exam';
import { appText, chooseLanguage, expect, expectAccessible, hydrated, buyExamAccessByApi, test, type Lang, WIDTH_LANG_PAIRS } from './fixtures';

// The examinee is a fresh account (the newDriver fixture) with paid access, deleted after the test.
test.use({ driverProfile: { prefix: 'modes', name: 'Mona Modes', password: 'Modes2024' } });

async function bank(page: Page): Promise<Map<string, ExamQuestion>> {
  const body = (await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse;
  return new Map(body.data.data.map((q) => [q.question_id, q]));
}

const text = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), appText(lang, 'exam', key));

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test(`a timed simulation ends at zero with the review (${lang}, ${width}px)`, async ({ page, newDriver: _examinee }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    await buyExamAccessByApi(page, 'modes');
    const questions = await bank(page);
    // The page's clock is Playwright's: the countdown reaches zero without waiting 90 minutes.
    await page.clock.install();
    await page.goto('/exam?mode=timed');
    await hydrated(page);

    const intro = page.getByTestId('timed-intro');
    await expect(intro.getByRole('heading', { name: text(lang, 'timed.title') })).toBeVisible();
    await expect(intro.getByTestId('timed-length')).toContainText('90');
    const started = page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation') && r.request().method() === 'POST');
    await intro.getByRole('button', { name: text(lang, 'timed.start') }).click();
    expect((await started).status()).toBe(200);

    const run = ((await (await page.request.get('/api/exam/simulation')).json()) as ExamSimulationResponse).data!;
    expect(run.question_ids).toHaveLength(80);
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^(90:00|89:5\d)$/);
    await expect(page.getByTestId('exam-progress')).toHaveText(text(lang, 'progress', { n: 1, total: 80 }));

    // Question 1 right, question 2 wrong; each choice is saved on the server (no feedback shown).
    const [first, second] = run.question_ids.map((id) => questions.get(id)!);
    const card = page.locator('section[data-topic]');
    await expect(card).toHaveAttribute('data-topic', first!.topic);
    const save = () => page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation/answers') && r.status() === 200);
    let saved = save();
    await card.locator(`input[value="${first!.answers.find((a) => a.correct)!.answer_id}"]`).check();
    await saved;
    await expect(page.getByTestId('explanation')).toHaveCount(0);
    await page.getByRole('button', { name: text(lang, 'next'), exact: true }).click();
    await expect(page.getByTestId('exam-progress')).toHaveText(text(lang, 'progress', { n: 2, total: 80 }));
    const wrong = second!.answers.find((a) => !a.correct)!;
    saved = save();
    await card.locator(`input[value="${wrong.answer_id}"]`).check();
    await saved;
    await expect(page.getByTestId('answered-count')).toHaveText(text(lang, 'timed.answered', { answered: 2, total: 80 }));

    // The grid jumps back to question 1, still answered.
    await page.getByRole('button', { name: text(lang, 'timed.allQuestions') }).click();
    await page.getByRole('button', { name: text(lang, 'timed.gridAnswered', { n: 1 }) }).click();
    await expect(page.getByTestId('exam-progress')).toHaveText(text(lang, 'progress', { n: 1, total: 80 }));
    await expect(card.locator(`input[value="${first!.answers.find((a) => a.correct)!.answer_id}"]`)).toBeChecked();

    // "Finish" asks first, naming the unanswered count; Keep going returns to the run.
    await page.getByRole('button', { name: text(lang, 'timed.finish'), exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(/78/);
    await confirm.getByRole('button', { name: text(lang, 'timed.keepGoing') }).click();
    await expect(confirm).toHaveCount(0);

    // Five minutes before the end: a polite announcement; at zero the run is submitted by itself.
    await page.clock.fastForward(85 * 60_000 + 1000);
    await expect(page.getByTestId('timer-announcement')).not.toBeEmpty();
    await expect(timer).toHaveText(/^0[45]:\d\d$/);
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation/submit'));
    await page.clock.fastForward(5 * 60_000);
    expect((await submitted).status()).toBe(200);

    const result = page.getByTestId('simulation-result');
    await expect(result.getByRole('heading', { name: text(lang, 'result.failed') })).toBeVisible();
    await expect(result.getByTestId('simulation-score')).toHaveText(text(lang, 'result.score', { score: 1, total: 80 }));
    // By topic: every topic of the 80 with correct/total.
    const topics = [...new Set(run.question_ids.map((id) => questions.get(id)!.topic))];
    await expect(result.getByTestId('topic-results').locator('tbody tr')).toHaveCount(topics.length);
    await expect(result.getByTestId('topic-results').locator(`tr[data-topic="${first!.topic}"] th`)).toContainText(text(lang, `topics.${first!.topic}`));
    // The review: every question, then only the wrong ones (79: one wrong answer and 78 unanswered).
    const items = result.getByTestId('review-item');
    await expect(items).toHaveCount(80);
    await expect(items.first()).toHaveAttribute('data-correct', 'true');
    const secondItem = items.nth(1);
    await expect(secondItem).toHaveAttribute('data-correct', 'false');
    await expect(secondItem).toContainText(lang === 'ru' ? wrong.answer_rus : wrong.answer);
    await expect(secondItem).toContainText(lang === 'ru' ? second!.explanation_rus : second!.explanation);
    await result.getByRole('checkbox').check();
    await expect(items).toHaveCount(79);
    await expect(items.first()).toHaveAttribute('data-correct', 'false');
    await expectAccessible(page);

    // Stored as a timed attempt; the run is gone.
    const attempts = ((await (await page.request.get('/api/exam/attempts')).json()) as ExamAttemptsResponse).data.data;
    expect(attempts[0]).toMatchObject({ mode: 'timed', score: 1, total: 80 });
    expect(((await (await page.request.get('/api/exam/simulation')).json()) as ExamSimulationResponse).data).toBeNull();
  });

  test(`topic practice shows only that topic (${lang}, ${width}px)`, async ({ page, newDriver: _examinee }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lang);
    await buyExamAccessByApi(page, 'modes');
    const questions = await bank(page);
    await page.clock.install();

    // From the panel on /exam (behind the intro popup: Start first); on phones it opens with a tap.
    await page.goto('/exam');
    const intro = page.getByRole('dialog');
    await intro.getByRole('button', { name: appText(lang, 'exam', 'intro.start') }).click();
    await hydrated(page);
    const panel = page.getByTestId('practice-modes');
    if (width < 640) await panel.getByRole('button', { name: text(lang, 'modes.show') }).click();
    await expect(panel.getByTestId('mode-timed')).toContainText('90');
    const topic = 'safety';
    const inTopic = [...questions.values()].filter((q) => q.topic === topic).sort((a, b) => a.position - b.position);
    await panel.getByRole('link', { name: new RegExp(`^${text(lang, `topics.${topic}`)}`) }).click();
    await expect(page).toHaveURL(`/exam?topic=${topic}`);
    await expect(page.getByTestId('topic-banner')).toContainText(text(lang, `topics.${topic}`));

    // Every question shown is of that topic; all answered right, then the result and a stored 'topic' attempt.
    const main = page.getByRole('main');
    const card = main.locator('section[data-topic]');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/exam/attempts') && r.request().method() === 'POST');
    for (const [i, q] of inTopic.entries()) {
      await expect(main.getByTestId('exam-progress')).toHaveText(text(lang, 'progress', { n: i + 1, total: inTopic.length }));
      await expect(card).toHaveAttribute('data-topic', topic);
      await expect(main.getByTestId('question-text')).toContainText(lang === 'ru' ? q.question_rus : q.question);
      await card.locator(`input[value="${q.answers.find((a) => a.correct)!.answer_id}"]`).click();
      await main.getByRole('button', { name: text(lang, 'submit'), exact: true }).click();
      await page.clock.runFor(500);
    }
    await expect(page.getByRole('dialog')).toContainText(text(lang, 'practice.doneTitle'));
    expect((await stored).status()).toBe(200);
    const attempts = ((await (await page.request.get('/api/exam/attempts')).json()) as ExamAttemptsResponse).data.data;
    expect(attempts[0]).toMatchObject({ mode: 'topic', score: inTopic.length, total: inTopic.length });

    // An unknown topic: a notice with the list of topics.
    await page.goto('/exam?topic=no-such-topic');
    await expect(page.getByRole('heading', { name: text(lang, 'topicPractice.unknownTitle') })).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(`^${text(lang, 'topics.trafficking')}`) })).toBeVisible();
  });
}
