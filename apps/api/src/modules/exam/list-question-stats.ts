import { asc, count, eq, sql } from 'drizzle-orm';
import type { ExamQuestionStat } from '@medallion/contracts/admin';
import type { DbExecutor } from '@medallion/db/client';
import { examQuestions, examQuestionStats, questionReports } from '@medallion/db/schema';

/**
 * GET /admin/exam/question-stats (staff): every question, in exam order, with its first-try answers
 * (all modes), how many were right, and its open and total issue reports.
 */
export async function listQuestionStats(db: DbExecutor): Promise<ExamQuestionStat[]> {
  const reports = db
    .select({
      questionId: questionReports.questionId,
      open: sql<number>`count(*) filter (where ${questionReports.status} = 'open')`.mapWith(Number).as('open'),
      total: count().as('total'),
    })
    .from(questionReports)
    .groupBy(questionReports.questionId)
    .as('reports');
  const rows = await db
    .select({
      question_id: examQuestions.id,
      answered: sql<number>`coalesce(${examQuestionStats.answered}, 0)`.mapWith(Number),
      correct: sql<number>`coalesce(${examQuestionStats.correct}, 0)`.mapWith(Number),
      open_reports: sql<number>`coalesce(${reports.open}, 0)`.mapWith(Number),
      total_reports: sql<number>`coalesce(${reports.total}, 0)`.mapWith(Number),
    })
    .from(examQuestions)
    .leftJoin(examQuestionStats, eq(examQuestionStats.questionId, examQuestions.id))
    .leftJoin(reports, eq(reports.questionId, examQuestions.id))
    .orderBy(asc(examQuestions.position));
  return rows;
}
