import { asc, count, inArray, lte } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS, type ExamQuestion } from '@medallion/contracts/exam';
import type { ExamMap } from '@medallion/contracts/exam-map';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions } from '@medallion/db/schema';

/**
 * The questions a caller may read: all with unexpired access, else only the free preview (the first
 * EXAM_FREE_QUESTIONS). Locked questions and their answers are never sent.
 */
export async function listExamQuestions(db: Database, fullAccess: boolean): Promise<{ questions: ExamQuestion[]; total: number }> {
  const [questions, [counted]] = await Promise.all([
    db
      .select()
      .from(examQuestions)
      .where(fullAccess ? undefined : lte(examQuestions.position, EXAM_FREE_QUESTIONS))
      .orderBy(asc(examQuestions.position)),
    db.select({ n: count() }).from(examQuestions),
  ]);
  const answers = questions.length
    ? await db
        .select()
        .from(examAnswers)
        .where(
          inArray(
            examAnswers.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(examAnswers.questionId), asc(examAnswers.position))
    : [];
  const byQuestion = new Map<string, typeof answers>();
  for (const a of answers) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);
  return {
    total: counted?.n ?? 0,
    questions: questions.map((q) => ({
      question_id: q.id,
      position: q.position,
      topic: q.topic,
      question: q.questionEn,
      question_rus: q.questionRu,
      explanation: q.explanationEn,
      explanation_rus: q.explanationRu,
      source: q.source,
      answers: (byQuestion.get(q.id) ?? []).map((a) => ({ answer_id: a.id, answer: a.textEn, answer_rus: a.textRu, correct: a.correct })),
      map: (q.map as ExamMap | null) ?? null,
    })),
  };
}
