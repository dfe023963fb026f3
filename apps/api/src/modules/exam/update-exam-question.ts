import { and, eq, sql } from 'drizzle-orm';
import type { UpdateExamQuestionRequest } from '@medallion/contracts/admin';
import type { ExamQuestion } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { listExamQuestions } from './list-exam-questions';
import { bumpQuestionBankVersion, type QuestionBank } from './question-bank';

async function questionById(db: Database, id: string): Promise<ExamQuestion> {
  const { questions } = await listExamQuestions(db, true);
  const q = questions.find((x) => x.question_id === id);
  if (!q) throw new AppError('NOT_FOUND', 'examAdmin.questionNotFound');
  return q;
}

/**
 * Replaces a question's texts and its 4 answers in one transaction (answer ids are kept by position).
 * The cached question bank is refreshed: at once in this process, within about a second in the others.
 */
export async function updateExamQuestion(db: Database, bank: QuestionBank, id: string, input: UpdateExamQuestionRequest): Promise<ExamQuestion> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(examQuestions)
      .set({
        topic: input.topic,
        questionEn: input.question.en,
        questionRu: input.question.ru,
        explanationEn: input.explanation.en,
        explanationRu: input.explanation.ru,
        source: input.source,
        ...(input.map !== undefined ? { map: input.map } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(examQuestions.id, id))
      .returning({ id: examQuestions.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', 'examAdmin.questionNotFound');
    for (const [position, a] of input.answers.entries()) {
      await tx
        .update(examAnswers)
        .set({ textEn: a.en, textRu: a.ru, correct: a.correct })
        .where(and(eq(examAnswers.questionId, id), eq(examAnswers.position, position)));
    }
    await bumpQuestionBankVersion(tx);
  });
  await bank.invalidate();
  return questionById(db, id);
}
