import type { ExamQuestionsResponse, ExamSimulation, ExamSimulationResponse } from '@medallion/contracts/exam';
import { appText, chooseLanguage, expect, buyExamAccessByApi, hydrated, test, WIDTHS, type Lang } from './fixtures';

// Issue #30: the timed simulation showed map questions ("point A on the map") without their map. A paid
// driver starts a simulation, jumps to its first map question and reads the map, then finishes and
// finds the map again in the review. One run per width and language.
test.use({ driverProfile: { prefix: 'simmap', name: 'Sima Mapreader', password: 'SimMap2024' } });

const text = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), appText(lang, 'exam', key));

for (const width of WIDTHS) {
  for (const lang of ['en', 'ru'] as Lang[]) {
    test(`the timed simulation shows a map question's map, and so does its review (${width}px, ${lang})`, async ({ page, newDriver: _examinee }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      await chooseLanguage(page, lang);
      await buyExamAccessByApi(page, 'simmap');
      const bank = new Map(((await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse).data.data.map((q) => [q.question_id, q]));

      await page.goto('/exam?mode=timed');
      await hydrated(page);
      const started = page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation') && r.request().method() === 'POST');
      await page
        .getByTestId('timed-intro')
        .getByRole('button', { name: text(lang, 'timed.start') })
        .click();
      expect((await started).status()).toBe(200);
      const run = ((await (await page.request.get('/api/exam/simulation')).json()) as ExamSimulationResponse).data as ExamSimulation;
      const at = run.question_ids.findIndex((id) => bank.get(id)!.map !== null);
      expect(at).toBeGreaterThanOrEqual(0);
      const q = bank.get(run.question_ids[at]!)!;

      // The grid jumps to it (the run is shuffled: wherever it is).
      const simulation = page.getByTestId('timed-simulation');
      await simulation.getByRole('button', { name: text(lang, 'timed.allQuestions') }).click();
      await simulation.getByRole('button', { name: text(lang, 'timed.gridOpen', { n: at + 1 }) }).click();
      await expect(simulation.getByTestId('question-text')).toContainText(lang === 'ru' ? q.question_rus : q.question);

      const map = simulation.getByRole('img', { name: new RegExp(text(lang, 'map.label').slice(0, 20)) });
      await expect(map).toBeVisible();
      for (const p of q.map!.points) await expect(map.getByTestId(`exam-map-point-${p.label}`)).toBeVisible();
      for (const l of q.map!.lines ?? []) await expect(map.getByTestId(`exam-map-line-${l.label}`)).toBeVisible();
      // Between the question and its answers, readable: full width on the phone, at most 520 px on a desktop.
      const box = (await map.boundingBox())!;
      if (width === 375) expect(box.width).toBeGreaterThanOrEqual(330);
      else expect(box.width).toBeLessThanOrEqual(520);
      const answers = simulation.locator('[role="radiogroup"][aria-labelledby="question-text"]');
      expect((await answers.boundingBox())!.y).toBeGreaterThan(box.y + box.height);

      // Answer it and finish: the review shows the map with the question.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation/answers') && r.status() === 200);
      await answers.locator(`input[value="${q.answers.find((a) => a.correct)!.answer_id}"]`).check();
      await saved;
      await page
        .getByRole('button', { name: text(lang, 'timed.finish'), exact: true })
        .first()
        .click();
      const submitted = page.waitForResponse((r) => r.url().endsWith('/api/exam/simulation/submit'));
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: text(lang, 'timed.finishNow') })
        .click();
      expect((await submitted).status()).toBe(200);
      const item = page.getByTestId('simulation-result').getByTestId('review-item').nth(at);
      await expect(item).toHaveAttribute('data-correct', 'true');
      const reviewMap = item.getByRole('img', { name: new RegExp(text(lang, 'map.label').slice(0, 20)) });
      await reviewMap.scrollIntoViewIfNeeded();
      await expect(reviewMap).toBeVisible();
      for (const p of q.map!.points) await expect(reviewMap.getByTestId(`exam-map-point-${p.label}`)).toBeVisible();
    });
  }
}
