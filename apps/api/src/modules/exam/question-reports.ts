import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { questionReports } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { accessibleQuestion } from './saved-questions';

/** GET /exam/questions/issue: the ids of the questions this user reported. */
export async function listReportedQuestionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: questionReports.questionId }).from(questionReports).where(eq(questionReports.userId, userId));
  return rows.map((r) => r.id);
}

/** POST /exam/questions/issue: one report per user and question (cannot be reported again). */
export async function reportQuestion(
  db: Database,
  userId: string,
  input: { question_id: string; issue: { selectedList: string[]; otherIssue: string } },
  fullAccess: boolean,
) {
  await accessibleQuestion(db, input.question_id, fullAccess);
  const [created] = await db
    .insert(questionReports)
    .values({
      userId,
      questionId: input.question_id,
      issues: [...new Set(input.issue.selectedList)],
      otherIssue: input.issue.otherIssue || null,
    })
    .onConflictDoNothing()
    .returning({ id: questionReports.id });
  if (!created) throw new AppError('CONFLICT', 'exam.alreadyReported');
  return { question_id: input.question_id, reported: true as const };
}
