import type { ExamQuestion, ExamQuestionsResponse, ExamRunResponse } from '@medallion/contracts/exam';
import { appText, chooseLanguage, expect, buyExamAccessByApi, test, WIDTHS, type Lang } from './fixtures';

// A signed-in examinee with paid access reaches the first map-reading question of the exam drawn from
// the pool (after the free five, which have none) and sees its map: the boroughs, the lettered points, the north arrow and the legend, in both languages.
test.use({ driverProfile: { prefix: 'exammap', name: 'Mara Mapreader', password: 'Exam2024' } });

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

for (const width of WIDTHS) {
  for (const lang of ['en', 'ru'] as Lang[]) {
    test(`a paid driver reaches a map question and reads its map (${width}px, ${lang})`, async ({ page, newDriver: _examinee }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      await buyExamAccessByApi(page, 'map');
      await chooseLanguage(page, lang);
      const pool = ((await (await page.request.get('/api/exam/questions')).json()) as ExamQuestionsResponse).data.data;
      const total = 80;

      await page.goto('/exam');
      const intro = page.getByRole('dialog', { name: appText(lang, 'exam', 'intro.title') });
      await expect(intro).toBeVisible();
      await intro.getByRole('button', { name: appText(lang, 'exam', 'intro.start') }).click();
      await expect(intro).toBeHidden();

      // The questions before it, answered right (the next one follows by itself); none has a map. The
      // first is the pool's first (the free preview opens every exam); the saved run says the rest.
      const main = page.getByRole('main');
      const progress = page.getByTestId('exam-progress');
      const answerRight = async (q: ExamQuestion) => {
        await main.locator(`input[type="radio"][value="${q.answers.find((a) => a.correct)!.answer_id}"]`).click();
        await main.getByRole('button', { name: appText(lang, 'exam', 'submit'), exact: true }).click();
      };
      expect(pool[0]!.map).toBeNull();
      await answerRight(pool[0]!);
      const read = async () => ((await (await page.request.get('/api/exam/run?mode=exam')).json()) as ExamRunResponse).data;
      await expect.poll(async () => (await read())?.position).toBe(1);
      const byId = new Map(pool.map((q) => [q.question_id, q]));
      const list = (await read())!.question_ids.map((id) => byId.get(id)!);
      const first = list.findIndex((q) => q.map !== null);
      expect(first).toBeGreaterThanOrEqual(5);
      for (const [i, q] of list.slice(0, first).entries()) {
        if (i === 0) continue;
        await expect(progress).toHaveText(fill(appText(lang, 'exam', 'progress'), { n: i + 1, total }));
        await expect(main.getByTestId('exam-map')).toHaveCount(0);
        await answerRight(q);
      }
      await expect(progress).toHaveText(fill(appText(lang, 'exam', 'progress'), { n: first + 1, total }));

      const q = list[first]!;
      await expect(page.getByTestId('question-text')).toContainText(lang === 'ru' ? q.question_rus : q.question);
      const map = main.getByRole('img', { name: new RegExp(appText(lang, 'exam', 'map.label').slice(0, 20)) });
      await expect(map).toBeVisible();
      for (const p of q.map!.points) await expect(map.getByTestId(`exam-map-point-${p.label}`)).toBeVisible();
      for (const borough of ['manhattan', 'brooklyn', 'queens', 'bronx', 'statenIsland']) {
        await expect(map.getByText(appText(lang, 'exam', `boroughs.${borough}`), { exact: true })).toBeVisible();
      }
      await expect(map.getByText(appText(lang, 'exam', 'map.north'), { exact: true })).toBeVisible();
      await expect(main.getByRole('list', { name: appText(lang, 'exam', 'map.legend') })).toBeVisible();

      // Readable on the phone: full width, at most ~60 % of the viewport's height; at most 520 px wide on a desktop.
      const box = (await map.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(800 * 0.6 + 1);
      if (width === 375) expect(box.width).toBeGreaterThanOrEqual(330);
      else expect(box.width).toBeLessThanOrEqual(520);
      // Its letters are at least 12 px on screen.
      const letter = map.getByTestId('exam-map-point-A').locator('text');
      expect((await letter.boundingBox())!.height).toBeGreaterThanOrEqual(12);

      // The answers follow the map and name its points.
      const answers = main.locator('[role="radiogroup"][aria-labelledby="question-text"]');
      await expect(answers.getByRole('radio')).toHaveCount(4);
      const mapBottom = box.y + box.height;
      expect((await answers.boundingBox())!.y).toBeGreaterThan(mapBottom);
    });
  }
}
