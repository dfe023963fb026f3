import { and, desc, eq } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examQuestions, savedQuestions } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/** A question the user may see: any with full access, else one of the free preview. */
export async function accessibleQuestion(db: Database, questionId: string, fullAccess: boolean) {
  const [q] = await db.select({ id: examQuestions.id, position: examQuestions.position }).from(examQuestions).where(eq(examQuestions.id, questionId));
  if (!q || (!fullAccess && q.position > EXAM_FREE_QUESTIONS)) throw new AppError('NOT_FOUND', 'exam.questionNotFound');
  return q;
}

/** GET /exam/questions/saved: newest first; 404 "No saved questions" when there are none. */
export async function listSavedQuestions(db: Database, userId: string) {
  const rows = await db
    .select({
      record_id: savedQuestions.id,
      question_id: savedQuestions.questionId,
      question: examQuestions.questionEn,
      question_rus: examQuestions.questionRu,
    })
    .from(savedQuestions)
    .innerJoin(examQuestions, eq(examQuestions.id, savedQuestions.questionId))
    .where(eq(savedQuestions.userId, userId))
    .orderBy(desc(savedQuestions.createdAt), desc(savedQuestions.id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'exam.noSavedQuestions');
  return rows;
}

/**
 * POST /exam/questions/save: saves, or removes when already saved (toggle). Removing one's own saved
 * question never needs access (it may have ended since); saving a question past the free preview does,
 * so `fullAccess` is only asked when there is nothing of this user's to remove.
 */
export async function toggleSavedQuestion(db: Database, userId: string, questionId: string, fullAccess: () => Promise<boolean>) {
  const removed = await db
    .delete(savedQuestions)
    .where(and(eq(savedQuestions.userId, userId), eq(savedQuestions.questionId, questionId)))
    .returning({ id: savedQuestions.id });
  if (removed.length > 0) return { question_id: questionId, saved: false, record_id: null };
  await accessibleQuestion(db, questionId, await fullAccess());
  const [created] = await db.insert(savedQuestions).values({ userId, questionId }).onConflictDoNothing().returning({ id: savedQuestions.id });
  if (!created) {
    // A parallel call saved it a moment ago: it is saved.
    const [existing] = await db
      .select({ id: savedQuestions.id })
      .from(savedQuestions)
      .where(and(eq(savedQuestions.userId, userId), eq(savedQuestions.questionId, questionId)));
    return { question_id: questionId, saved: true, record_id: existing?.id ?? null };
  }
  return { question_id: questionId, saved: true, record_id: created.id };
}
