import type { Page } from '@playwright/test';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { expect, expectAccessible, openInEnglish, signIn, STAFF, test } from './fixtures';

const QUESTION_ID = 'q001';

interface Question {
  question_id: string;
  topic: string;
  question: string;
  question_rus: string;
  explanation: string;
  explanation_rus: string;
  source: string;
  answers: { answer: string; answer_rus: string; correct: boolean }[];
}

// A driver who reports a question is a fresh account (the newDriver fixture), deleted after the test.
test.use({ driverProfile: { prefix: 'reporter', name: 'Rita Reporter', password: 'Reporter2024' } });

async function question(page: Page, id: string): Promise<Question> {
  const body = (await (await page.request.get('/api/exam/questions')).json()) as { data: { data: Question[] } };
  const q = body.data.data.find((x) => x.question_id === id);
  expect(q, `${id} is among the free questions`).toBeTruthy();
  return q!;
}

/** The PUT body that puts a question back as it was. */
const restoreBody = (q: Question) => ({
  topic: q.topic,
  question: { en: q.question, ru: q.question_rus },
  explanation: { en: q.explanation, ru: q.explanation_rus },
  source: q.source,
  answers: q.answers.map((a) => ({ en: a.answer, ru: a.answer_rus, correct: a.correct })),
});

test('staff edit a reported question and resolve the report', async ({ page, newDriver }) => {
  const reporter = newDriver.email;
  const report = await page.request.post('/api/exam/questions/issue', {
    data: { question_id: QUESTION_ID, issue: { selectedList: ['spelling'], otherIssue: 'typo' } },
  });
  expect(report.status()).toBe(200);

  await signIn(page, STAFF);
  const original = await question(page, QUESTION_ID);
  const edited = `${original.question} (edited ${Date.now()})`;
  try {
    await openInEnglish(page, '/admin');
    await page.getByRole('link', { name: 'Exam questions and promo codes' }).click();
    await expect(page).toHaveURL('/admin/exam');
    await expect(page.getByRole('heading', { level: 1, name: 'Exam console' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Reported questions' })).toHaveAttribute('aria-selected', 'true');

    const group = page.getByTestId('exam-report-group').filter({ hasText: `${QUESTION_ID} ·` });
    await expect(group).toBeVisible();
    await expect(group.getByText(original.question, { exact: true })).toBeVisible();
    await expect(group.getByText(original.question_rus, { exact: true })).toBeVisible();
    const mine = group.getByTestId('exam-report').filter({ hasText: reporter });
    await expect(mine.getByText('Spelling or grammar')).toBeVisible();
    await expect(mine.getByText('“typo”')).toBeVisible();
    await expectAccessible(page);

    // Edit: an empty text is refused in the form, then the new English text is saved.
    await group.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Question (Russian)')).toHaveValue(original.question_rus);
    const en = dialog.getByLabel('Question (English)');
    await en.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Fill in this text in English and in Russian.')).toBeVisible();
    await expectAccessible(page);
    await en.fill(edited);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Question \d+ saved/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(group.getByText(edited, { exact: true })).toBeVisible();
    expect((await question(page, QUESTION_ID)).question).toBe(edited);

    // Resolve this report: it leaves the list.
    await mine.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText(/Report on question \d+ resolved/)).toBeVisible();
    await expect(page.getByTestId('exam-report').filter({ hasText: reporter })).toHaveCount(0);
  } finally {
    const restore = await page.request.put(`/api/admin/exam/questions/${QUESTION_ID}`, { data: restoreBody(original) });
    expect(restore.status()).toBe(200);
  }
  expect((await question(page, QUESTION_ID)).question).toBe(original.question);
});

test('staff create a promo code and deactivate it', async ({ staffPage: page }) => {
  const code = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('');
  await openInEnglish(page, '/admin/exam');
  await page.getByRole('tab', { name: 'Promo codes' }).click();
  await expect(page).toHaveURL('/admin/exam?tab=promo');

  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByLabel('Code').fill('AB');
  await form.getByLabel('Discount, $').fill('25');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('A promo code has 6 letters or digits.')).toBeVisible();
  await expect(form.getByText('The discount must be between $0.01 and $20.00.')).toBeVisible();

  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount, $').fill('2.50');
  await form.getByLabel('Max uses (optional)').fill('10');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Promo code ${code} created`)).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText('$2.50');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 / 10');
  await expectAccessible(page);
  expect((await (await page.request.get(`/api/exam/promo-check?code=${code}`)).json()).data.valid).toBe(true);

  // The same code again: 409, shown under the field.
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Discount, $').fill('1');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('This code already exists.')).toBeVisible();

  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(page.getByText(`${code} is deactivated`)).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Activate ${code}` })).toBeVisible();
  expect((await (await page.request.get(`/api/exam/promo-check?code=${code}`)).json()).data.valid).toBe(false);
});

test('a signed-in driver sees the forbidden page at /admin/exam', async ({ page, newDriver: _driver }) => {
  await openInEnglish(page, '/admin/exam');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exam console' })).toHaveCount(0);
});

test('staff find a question nobody reported in the list of all questions, edit it, and the exam shows the change', async ({ staffPage: page }) => {
  test.setTimeout(120_000);
  const id = 'q004';
  const original = await question(page, id);
  const all = (await (await page.request.get('/api/admin/exam/questions')).json()) as { data: ExamQuestion[] };
  // The whole pool: the spec's 80 and the questions drawn after them (issue #34).
  const pool = all.data.length;
  expect(pool).toBeGreaterThanOrEqual(200);
  const edited = `${original.question} (revised ${Date.now()})`;
  try {
    await openInEnglish(page, '/admin/exam');
    await expect(page.getByTestId('exam-report-group').filter({ hasText: `${id} ·` })).toHaveCount(0);
    await page.getByRole('tab', { name: 'All questions' }).click();
    await expect(page).toHaveURL('/admin/exam?tab=questions');

    // The whole pool, a page of 20 at a time.
    const summary = page.getByTestId('admin-questions-summary');
    const rows = page.getByTestId('admin-question');
    await expect(summary).toHaveText(`1–20 of ${pool} questions`);
    await expect(rows).toHaveCount(20);
    await page.getByRole('navigation', { name: 'Pages of questions' }).getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(`21–40 of ${pool} questions`);
    await expect(rows.first()).toContainText('Question 21');
    await expectAccessible(page);

    // The topic filter and words of the question (any case, any order) narrow it down to this one.
    const topicCount = all.data.filter((q) => q.topic === original.topic).length;
    await page.getByLabel('Topic').selectOption(original.topic);
    await expect(summary).toHaveText(`1–${Math.min(topicCount, 20)} of ${topicCount} question${topicCount === 1 ? '' : 's'}`);
    const words = original.question
      .split(/\s+/)
      .filter((w) => w.length > 4)
      .slice(0, 3)
      .reverse()
      .join(' ')
      .toUpperCase();
    await page.getByLabel('Search questions').fill(words);
    const row = rows.filter({ hasText: `${id} ·` });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(original.question, { exact: true })).toBeVisible();
    await expect(row.getByText(original.question_rus, { exact: true })).toBeVisible();
    await page.getByLabel('Search questions').fill('zzzz no such words');
    await expect(summary).toHaveText('No question matches this search.');
    await page.getByRole('button', { name: 'Clear search and topic' }).click();
    await expect(summary).toHaveText(`1–20 of ${pool} questions`);
    await page.getByLabel('Search questions').fill(id);
    await expect(rows).toHaveCount(1);

    // Edit it with the same editor as reported questions.
    await row.getByRole('button', { name: 'Edit question 4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit question 4' });
    await expect(dialog.getByLabel('Question (English)')).toHaveValue(original.question);
    await dialog.getByLabel('Question (English)').fill(edited);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Question 4 saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText(edited, { exact: true })).toBeVisible();

    // The exam shows the new text at question 4 (questions 1-3 answered by answer id).
    await page.goto('/exam');
    await page.getByRole('dialog', { name: 'Before you start' }).getByRole('button', { name: 'Start' }).click();
    for (const [i, q] of all.data.slice(0, 3).entries()) {
      await page.locator(`input[type="radio"][value="${q.answers.find((a) => a.correct)!.answer_id}"]`).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByTestId('exam-progress')).toHaveText(`Question ${i + 2} of 80`);
    }
    await expect(page.getByTestId('question-text')).toContainText(edited);
  } finally {
    const restore = await page.request.put(`/api/admin/exam/questions/${id}`, { data: restoreBody(original) });
    expect(restore.status()).toBe(200);
  }
  expect((await question(page, id)).question).toBe(original.question);
});
