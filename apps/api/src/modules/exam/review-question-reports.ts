import { and, asc, eq } from 'drizzle-orm';
import type { ExamReportsResponse } from '@medallion/contracts/admin';
import type { ReportIssueOption } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { questionReports, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { listExamQuestions } from './list-exam-questions';

/** Open reports grouped by question, the most reported first. */
export async function listOpenReports(db: Database): Promise<ExamReportsResponse['data']> {
  const rows = await db
    .select({ report: questionReports, email: user.email })
    .from(questionReports)
    .innerJoin(user, eq(user.id, questionReports.userId))
    .where(eq(questionReports.status, 'open'))
    .orderBy(asc(questionReports.createdAt));
  if (rows.length === 0) return [];
  const { questions } = await listExamQuestions(db, true);
  const byId = new Map(questions.map((q) => [q.question_id, q]));
  const groups = new Map<string, ExamReportsResponse['data'][number]>();
  for (const { report, email } of rows) {
    const question = byId.get(report.questionId);
    if (!question) continue;
    const group = groups.get(report.questionId) ?? { question, reports: [] };
    group.reports.push({
      report_id: report.id,
      issues: report.issues as ReportIssueOption[],
      other_issue: report.otherIssue,
      reporter_email: email,
      created_at: report.createdAt.toISOString(),
    });
    groups.set(report.questionId, group);
  }
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length);
}

export async function resolveReport(db: Database, reportId: string): Promise<void> {
  const done = await db
    .update(questionReports)
    .set({ status: 'resolved' })
    .where(and(eq(questionReports.id, reportId), eq(questionReports.status, 'open')))
    .returning({ id: questionReports.id });
  if (done.length === 0) throw new AppError('NOT_FOUND', 'examAdmin.reportNotFound');
}
