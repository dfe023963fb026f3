import { and, asc, eq, lte, min, count, gt } from 'drizzle-orm';
import type { ExamReview } from '@medallion/contracts/exam';
import type { DbExecutor } from '@medallion/db/client';
import { examQuestions, examReviewItems } from '@medallion/db/schema';
import { examToday } from './exam-day';

/**
 * GET /exam/review: the user's review queue as of `today` (New York): the questions due today or
 * earlier (the longest due first, then in exam order), how many are due later and when the next is.
 */
export async function getReviewQueue(db: DbExecutor, userId: string, today: string = examToday()): Promise<ExamReview> {
  const mine = eq(examReviewItems.userId, userId);
  const [due, [later]] = await Promise.all([
    db
      .select({ id: examReviewItems.questionId })
      .from(examReviewItems)
      .innerJoin(examQuestions, eq(examQuestions.id, examReviewItems.questionId))
      .where(and(mine, lte(examReviewItems.dueOn, today)))
      .orderBy(asc(examReviewItems.dueOn), asc(examQuestions.position)),
    db
      .select({ n: count(), next: min(examReviewItems.dueOn) })
      .from(examReviewItems)
      .where(and(mine, gt(examReviewItems.dueOn, today))),
  ]);
  const upcoming = later?.n ?? 0;
  return { due: due.map((r) => r.id), upcoming, total: due.length + upcoming, next_due_on: later?.next ?? null };
}
