import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CreatePromoCodeRequest, PromoCode, UpdateExamQuestionRequest } from '@medallion/contracts/admin';
import type { ExamQuestion, ReportIssueOption } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions, promoCodes, questionReports, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { listExamQuestions } from './list-exam-questions';
import { bumpQuestionBankVersion, type QuestionBank } from './question-bank';

async function questionById(db: Database, id: string): Promise<ExamQuestion> {
  const { questions } = await listExamQuestions(db, true);
  const q = questions.find((x) => x.question_id === id);
  if (!q) throw new AppError('NOT_FOUND', 'examAdmin.questionNotFound');
  return q;
}

/** Open reports grouped by question, the most reported first. */
export async function listOpenReports(db: Database) {
  const rows = await db
    .select({ report: questionReports, email: user.email })
    .from(questionReports)
    .innerJoin(user, eq(user.id, questionReports.userId))
    .where(eq(questionReports.status, 'open'))
    .orderBy(asc(questionReports.createdAt));
  if (rows.length === 0) return [];
  const { questions } = await listExamQuestions(db, true);
  const byId = new Map(questions.map((q) => [q.question_id, q]));
  const groups = new Map<string, { question: ExamQuestion; reports: Array<Record<string, unknown>> }>();
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
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length) as Array<{
    question: ExamQuestion;
    reports: Array<{ report_id: string; issues: ReportIssueOption[]; other_issue: string | null; reporter_email: string; created_at: string }>;
  }>;
}

export async function resolveReport(db: Database, reportId: string): Promise<void> {
  const done = await db
    .update(questionReports)
    .set({ status: 'resolved' })
    .where(and(eq(questionReports.id, reportId), eq(questionReports.status, 'open')))
    .returning({ id: questionReports.id });
  if (done.length === 0) throw new AppError('NOT_FOUND', 'examAdmin.reportNotFound');
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

function toPromo(row: typeof promoCodes.$inferSelect): PromoCode {
  return {
    code: row.code,
    discount_cents: row.discountCents,
    active: row.active,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    redemptions: row.redemptions,
  };
}

export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  return (await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), asc(promoCodes.code))).map(toPromo);
}

export async function createPromoCode(db: Database, input: CreatePromoCodeRequest): Promise<PromoCode> {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: input.code,
      discountCents: input.discount_cents,
      active: input.active,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      maxRedemptions: input.max_redemptions,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'examAdmin.promoExists');
  return toPromo(row);
}

export async function updatePromoCode(db: Database, code: string, input: Partial<Omit<CreatePromoCodeRequest, 'code'>>): Promise<PromoCode> {
  const [row] = await db
    .update(promoCodes)
    .set({
      ...(input.discount_cents !== undefined ? { discountCents: input.discount_cents } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.expires_at !== undefined ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null } : {}),
      ...(input.max_redemptions !== undefined ? { maxRedemptions: input.max_redemptions } : {}),
    })
    .where(eq(promoCodes.code, code.toUpperCase()))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'examAdmin.promoNotFound');
  return toPromo(row);
}
