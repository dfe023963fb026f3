import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';
import type { ExamTopic } from '@medallion/contracts/exam';
import type { ExamMap } from '@medallion/contracts/exam-map';

interface QuestionFile {
  version: number;
  questions: Array<{
    id: string;
    topic: ExamTopic;
    question: { en: string; ru: string };
    answers: Array<{ en: string; ru: string; correct: boolean }>;
    explanation: { en: string; ru: string };
    source: string;
    /** A map-reading question's map (checked by examMapSchema in the bank's tests). */
    map?: ExamMap;
    /** Seed-only review data, not stored: the docs/tlc-facts.md items the correct answer rests on. */
    facts?: number[];
    /** Seed-only review data, not stored: the subjects of issue #34 the question covers. */
    subjects?: string[];
  }>;
}

/** The reviewed question bank in the repo (packages/db/seed-data/exam-questions.json), found through the package so it works bundled too. */
export function readQuestionBank(): QuestionFile {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@medallion/db/package.json')), 'seed-data', 'exam-questions.json');
  return JSON.parse(readFileSync(file, 'utf8')) as QuestionFile;
}

/** Loads the practice exam's question pool (content, not demo data: it runs in production too). */
export async function seedExamQuestions(db: Database): Promise<void> {
  const bank = readQuestionBank();
  for (const [i, q] of bank.questions.entries()) {
    await db.insert(examQuestions).values({
      id: q.id,
      position: i + 1,
      topic: q.topic,
      questionEn: q.question.en,
      questionRu: q.question.ru,
      explanationEn: q.explanation.en,
      explanationRu: q.explanation.ru,
      source: q.source,
      map: q.map ?? null,
    });
    await db.insert(examAnswers).values(q.answers.map((a, position) => ({ questionId: q.id, position, textEn: a.en, textRu: a.ru, correct: a.correct })));
  }
}

export const examQuestionsSeedStep: SeedStep = { name: 'exam-questions-v1', run: seedExamQuestions };
