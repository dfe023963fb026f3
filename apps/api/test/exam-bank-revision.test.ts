import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { appSettings, examAnswers, examQuestions } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import {
  examBankRevision2SeedStep,
  examBankRevision3SeedStep,
  examBankRevision4SeedStep,
  reviseExamQuestions,
} from '../src/modules/exam/revise-exam-questions';
import { examQuestionsSeedStep, readQuestionBank } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';

/** Questions as bank version 1 had them (the overlapping q007, q037 and the free q004), to put back first. */
const V1 = [
  {
    id: 'q004',
    topic: 'customer-service' as const,
    question: 'A passenger asks you to turn the radio off. What should you do?',
    answers: [
      'Turn it off: the passenger decides about the audio during the trip',
      "Keep it on, because the radio is the driver's choice",
      'Turn it down only if the passenger pays extra',
      'Explain that only FHV drivers have to turn the radio off',
    ],
    correct: 0,
  },
  {
    id: 'q007',
    topic: 'safety' as const,
    question: 'A pedestrian is hit by a car going 25 mph instead of 30 mph. How does that change the chance that the pedestrian dies?',
    answers: ['It is about the same', 'It is about half as likely', 'It is twice as likely', 'It drops to zero'],
    correct: 1,
  },
  {
    id: 'q037',
    topic: 'rules' as const,
    question: 'A passenger with a disability is traveling with a service dog. What is the rule?',
    answers: [
      'Take both, with no extra charge; the dog does not need a carrier',
      'Take them only if the dog is in a carrier',
      'Charge an extra fee for the animal',
      'Refuse, because animals are not allowed in TLC vehicles',
    ],
    correct: 0,
  },
];

describe('exam bank revision 2 (seed step that rewrites the bank from the JSON)', async () => {
  const { app } = await buildTestApp();
  const db = app.db;
  await runSeed(db, [examQuestionsSeedStep]);
  const json = readQuestionBank();
  const fromJson = (id: string) => json.questions.find((q) => q.id === id)!;

  const snapshot = async () => {
    const questions = await db.select().from(examQuestions).orderBy(asc(examQuestions.position));
    const answers = await db.select().from(examAnswers).orderBy(asc(examAnswers.questionId), asc(examAnswers.position));
    return { questions: questions.map(({ updatedAt: _updatedAt, ...q }) => q), answers };
  };
  const version = async () => (await db.select().from(appSettings).where(eq(appSettings.key, 'exam_bank_version')))[0]?.value ?? '0';
  const freeQuestions = async () => (await app.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data as ExamQuestion[];

  it('puts the JSON text, topic, answers, explanation, source and map back over version-1 content', async () => {
    // Make the database look like bank version 1 (and a staff edit of an explanation).
    for (const old of V1) {
      await db
        .update(examQuestions)
        .set({
          topic: old.topic,
          questionEn: old.question,
          questionRu: `${old.question} (ru)`,
          explanationEn: 'Old explanation',
          source: 'old source',
          map: null,
        })
        .where(eq(examQuestions.id, old.id));
      for (const [position, text] of old.answers.entries()) {
        await db
          .update(examAnswers)
          .set({ textEn: text, textRu: `${text} (ru)`, correct: position === old.correct })
          .where(and(eq(examAnswers.questionId, old.id), eq(examAnswers.position, position)));
      }
    }
    const idsBefore = (
      await db
        .select({ id: examAnswers.id })
        .from(examAnswers)
        .where(inArray(examAnswers.questionId, ['q004', 'q007', 'q037']))
    )
      .map((a) => a.id)
      .sort();
    // The cached bank serves the old free question first.
    expect((await freeQuestions()).find((q) => q.question_id === 'q004')?.answers[0]?.answer).toBe(V1[0]!.answers[0]);
    const versionBefore = Number(await version());

    expect(await runSeed(db, [examQuestionsSeedStep, examBankRevision2SeedStep])).toEqual({
      applied: ['exam-bank-revision-2'],
      skipped: ['exam-questions-v1'],
    });

    for (const id of ['q004', 'q007', 'q037']) {
      const want = fromJson(id);
      const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, id));
      expect(row, id).toMatchObject({
        topic: want.topic,
        questionEn: want.question.en,
        questionRu: want.question.ru,
        explanationEn: want.explanation.en,
        explanationRu: want.explanation.ru,
        source: want.source,
        map: (want as { map?: unknown }).map ?? null,
      });
      const answers = await db.select().from(examAnswers).where(eq(examAnswers.questionId, id)).orderBy(asc(examAnswers.position));
      expect(
        answers.map((a) => ({ en: a.textEn, ru: a.textRu, correct: a.correct })),
        id,
      ).toEqual(want.answers);
    }
    expect((await db.select().from(examQuestions).where(eq(examQuestions.id, 'q037')))[0]?.topic).toBe('trafficking');
    // Answer ids are kept (updated by position), so attempts that point at them stay valid.
    const idsAfter = (
      await db
        .select({ id: examAnswers.id })
        .from(examAnswers)
        .where(inArray(examAnswers.questionId, ['q004', 'q007', 'q037']))
    )
      .map((a) => a.id)
      .sort();
    expect(idsAfter).toEqual(idsBefore);
    // The version is bumped in the step's transaction: the cached bank reloads and serves the new text.
    expect(Number(await version())).toBe(versionBefore + 1);
    await expect
      .poll(async () => (await freeQuestions()).find((q) => q.question_id === 'q004')?.answers.map((a) => a.answer), { timeout: 10_000 })
      .toEqual(fromJson('q004').answers.map((a) => a.en));
  });

  it('matches the whole JSON, and running it again changes nothing', async () => {
    const first = await snapshot();
    expect(first.questions).toHaveLength(json.questions.length);
    expect(first.questions.map((q) => q.id)).toEqual(json.questions.map((q) => q.id));
    for (const [i, q] of json.questions.entries()) {
      expect(first.questions[i], q.id).toMatchObject({
        position: i + 1,
        topic: q.topic,
        questionEn: q.question.en,
        questionRu: q.question.ru,
        source: q.source,
      });
    }
    expect(first.answers).toHaveLength(json.questions.length * 4);

    // The runner skips a step it has applied ...
    expect(await runSeed(db, [examBankRevision2SeedStep])).toEqual({ applied: [], skipped: ['exam-bank-revision-2'] });
    // ... and the rewrite itself is idempotent: a second run leaves every row (and answer id) as it was.
    await db.transaction((tx) => reviseExamQuestions(tx));
    expect(await snapshot()).toEqual(first);
  });

  it('revision 3 (issue #34) carries the reviewed bank to a database that already has revision 2', async () => {
    // Revision 2's q005 answer, before the review asked for JFK and LaGuardia by name.
    const old = 'Anywhere in the five boroughs; at the airports, from the taxi line';
    await db
      .update(examAnswers)
      .set({ textEn: old })
      .where(and(eq(examAnswers.questionId, 'q005'), eq(examAnswers.correct, true)));
    const versionBefore = Number(await version());
    expect(await runSeed(db, [examQuestionsSeedStep, examBankRevision2SeedStep, examBankRevision3SeedStep])).toEqual({
      applied: ['exam-bank-revision-3'],
      skipped: ['exam-questions-v1', 'exam-bank-revision-2'],
    });
    const [answer] = await db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.questionId, 'q005'), eq(examAnswers.correct, true)));
    expect(answer?.textEn).toBe(fromJson('q005').answers.find((a) => a.correct)!.en);
    expect(answer?.textEn).toMatch(/JFK and LaGuardia/);
    const [q020] = await db.select().from(examQuestions).where(eq(examQuestions.id, 'q020'));
    expect(q020?.map).toEqual(fromJson('q020').map);
    expect(Number(await version())).toBe(versionBefore + 1);
    expect(await runSeed(db, [examBankRevision3SeedStep])).toEqual({ applied: [], skipped: ['exam-bank-revision-3'] });
  });

  it('revision 4 (issue #34, the pool) adds the questions after q080 to a database that has revision 3', async () => {
    // A database seeded before the pool holds q001–q080 only.
    const pool = json.questions.filter((q) => Number(q.id.slice(1)) > 80);
    expect(pool.length).toBeGreaterThanOrEqual(60);
    await db.delete(examAnswers).where(
      inArray(
        examAnswers.questionId,
        pool.map((q) => q.id),
      ),
    );
    await db.delete(examQuestions).where(gt(examQuestions.position, 80));
    expect(await db.select({ id: examQuestions.id }).from(examQuestions)).toHaveLength(80);
    const versionBefore = Number(await version());

    expect(await runSeed(db, [examQuestionsSeedStep, examBankRevision2SeedStep, examBankRevision3SeedStep, examBankRevision4SeedStep])).toEqual({
      applied: ['exam-bank-revision-4'],
      skipped: ['exam-questions-v1', 'exam-bank-revision-2', 'exam-bank-revision-3'],
    });
    const { questions, answers } = await snapshot();
    expect(questions.map((q) => q.id)).toEqual(json.questions.map((q) => q.id));
    for (const q of pool) {
      const row = questions.find((r) => r.id === q.id);
      expect(row, q.id).toMatchObject({
        position: Number(q.id.slice(1)),
        topic: q.topic,
        questionEn: q.question.en,
        questionRu: q.question.ru,
        source: q.source,
      });
      expect(
        answers.filter((a) => a.questionId === q.id).map((a) => ({ en: a.textEn, ru: a.textRu, correct: a.correct })),
        q.id,
      ).toEqual(q.answers);
    }
    expect(Number(await version())).toBe(versionBefore + 1);
    expect(await runSeed(db, [examBankRevision4SeedStep])).toEqual({ applied: [], skipped: ['exam-bank-revision-4'] });
  });
});
