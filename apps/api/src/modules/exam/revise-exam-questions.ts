import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions, type ExamQuestionMap } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';
import { bumpQuestionBankVersion } from './question-bank';
import { readQuestionBank } from './seed-exam-questions';

/** A question of the JSON bank; `map` is set on map-reading questions only. */
type BankQuestion = ReturnType<typeof readQuestionBank>['questions'][number] & { map?: ExamQuestionMap | null };

/**
 * Rewrites the question bank in the database from the JSON (packages/db/seed-data/exam-questions.json),
 * by id: every question's texts, topic, map, explanation, source and its 4 answers. Answers are updated by
 * position, so their ids (kept in attempts' review items) stay. A question that is not in the database yet
 * is added. Staff edits to these questions are replaced: the JSON is the reviewed revision.
 *
 * The seed runner applies a step once per database, in a transaction, so the whole revision lands or none
 * of it does. The bank's version is bumped in the same transaction: every process reloads the bank.
 */
export async function reviseExamQuestions(db: Database): Promise<void> {
  const bank = readQuestionBank();
  for (const [i, question] of bank.questions.entries()) {
    const q: BankQuestion = question;
    const fields = {
      topic: q.topic,
      map: q.map ?? null,
      questionEn: q.question.en,
      questionRu: q.question.ru,
      explanationEn: q.explanation.en,
      explanationRu: q.explanation.ru,
      source: q.source,
    };
    const updated = await db
      .update(examQuestions)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(examQuestions.id, q.id))
      .returning({ id: examQuestions.id });
    if (updated.length === 0) await db.insert(examQuestions).values({ id: q.id, position: i + 1, ...fields });
    for (const [position, a] of q.answers.entries()) {
      const answer = await db
        .update(examAnswers)
        .set({ textEn: a.en, textRu: a.ru, correct: a.correct })
        .where(and(eq(examAnswers.questionId, q.id), eq(examAnswers.position, position)))
        .returning({ id: examAnswers.id });
      if (answer.length === 0) await db.insert(examAnswers).values({ questionId: q.id, position, textEn: a.en, textRu: a.ru, correct: a.correct });
    }
  }
  await bumpQuestionBankVersion(db);
}

/**
 * Revision 2 of the bank (issue #17): distractors rewritten, map-reading questions, the trafficking topic,
 * one Russian term for the license. A released step's name never changes; a later revision is a new step.
 */
export const examBankRevision2SeedStep: SeedStep = { name: 'exam-bank-revision-2', run: reviseExamQuestions };

/**
 * Revision 3 of the bank (issue #34, the outside review): the fixed facts (q005, q042, q054, q056, q058,
 * q064, q066), map questions whose answer the map no longer prints (q020, q048, q078), one spelling of each
 * Russian place name and term, natural Russian, and options that do not give the answer away by length
 * or by absolute words.
 */
export const examBankRevision3SeedStep: SeedStep = { name: 'exam-bank-revision-3', run: reviseExamQuestions };

/**
 * Revision 4 of the bank (issue #34, "a pool, not a list"): the 200-question pool. Adds the questions after
 * q080 (q081–q140 on rules, customer service and trafficking; q141–q200 on safety, geography and for-hire)
 * and rewrites q001–q080 from the JSON as before. The exam draws 80 of them by topic weight.
 */
export const examBankRevision4SeedStep: SeedStep = { name: 'exam-bank-revision-4', run: reviseExamQuestions };
