import { and, eq, sql } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS, EXAM_QUESTION_COUNT, type ExamMode, type ExamQuestion, type ExamRun, type SaveExamRunRequest } from '@medallion/contracts/exam';
import { gradeSheet, isOwnAnswer } from '@medallion/contracts/exam-grading';
import type { DbExecutor } from '@medallion/db/client';
import { examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

type RunRow = typeof examRuns.$inferSelect;
type RunAnswer = { question_id: string; answer_id: string };

/**
 * Grades a run's answers against the bank with the exam's one grader (gradeSheet): the score and the
 * wrong questions, in the answers' order. An answer to a question the bank no longer has counts as
 * neither; one that is not its question's (the question was edited since) is wrong.
 */
export function gradeRunAnswers(bank: readonly ExamQuestion[], answers: readonly RunAnswer[]): { score: number; wrong: string[] } {
  const byId = new Map(bank.map((q) => [q.question_id, q]));
  const questions = [...new Set(answers.map((a) => a.question_id))].flatMap((id) => byId.get(id) ?? []);
  const { score, wrong_question_ids: wrong } = gradeSheet(questions, answers);
  return { score, wrong };
}

function toRun(row: RunRow, bank: readonly ExamQuestion[]): ExamRun {
  const { score, wrong } = gradeRunAnswers(bank, row.answers);
  return {
    mode: row.mode,
    position: row.position,
    answers: row.answers,
    score,
    wrong_question_ids: wrong,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /exam/run: the user's run of this mode, graded now, or null. Only the user's own is ever read. */
export async function getExamRun(db: DbExecutor, userId: string, mode: ExamMode, bank: readonly ExamQuestion[]): Promise<ExamRun | null> {
  const [row] = await db
    .select()
    .from(examRuns)
    .where(and(eq(examRuns.userId, userId), eq(examRuns.mode, mode)))
    .limit(1);
  return row ? toRun(row, bank) : null;
}

/**
 * Checks a run of the spec's 80-question exam against the bank and the user's access: every answer is
 * one of its question's, each question once, only questions already passed (position at most the
 * run's) and within the user's access (the free 5 without it), the position no further than access.
 */
function checkExamModeRun(input: SaveExamRunRequest, bank: readonly ExamQuestion[], fullAccess: boolean): void {
  const examQuestions = bank.filter((q) => q.position >= 1 && q.position <= EXAM_QUESTION_COUNT);
  const reachable = fullAccess ? examQuestions.length : Math.min(EXAM_FREE_QUESTIONS, examQuestions.length);
  if (input.position > reachable) throw new AppError('NOT_FOUND', 'exam.questionNotFound').on('position');
  const byId = new Map(examQuestions.map((q) => [q.question_id, q]));
  const seen = new Set<string>();
  input.answers.forEach((a, i) => {
    const q = byId.get(a.question_id);
    if (!q || q.position > reachable) throw new AppError('NOT_FOUND', 'exam.questionNotFound').on(`answers.${i}.question_id`);
    if (seen.has(a.question_id)) throw new AppError('VALIDATION_ERROR', 'exam.runDuplicateQuestion').on(`answers.${i}.question_id`);
    seen.add(a.question_id);
    if (q.position > input.position) throw new AppError('VALIDATION_ERROR', 'exam.runInvalid').on(`answers.${i}.question_id`);
    if (!isOwnAnswer(q, a.answer_id)) throw new AppError('VALIDATION_ERROR', 'exam.runInvalid').on(`answers.${i}.answer_id`);
  });
}

/**
 * PUT /exam/run: saves the user's run (one per user and mode; the last write wins, concurrent saves
 * meet in the upsert on the unique (user_id, mode) index). Only mode `exam` is saved here: the timed
 * simulation keeps its run through its own routes. The answer carries the server's grade.
 */
export async function saveExamRun(
  db: DbExecutor,
  userId: string,
  input: SaveExamRunRequest,
  bank: readonly ExamQuestion[],
  fullAccess: boolean,
): Promise<ExamRun> {
  if (input.mode !== 'exam') throw new AppError('VALIDATION_ERROR', 'exam.runModeUnsupported').on('mode');
  checkExamModeRun(input, bank, fullAccess);
  const answers = input.answers.map((a) => ({ question_id: a.question_id, answer_id: a.answer_id }));
  const questionIds = bank
    .filter((q) => q.position >= 1 && q.position <= EXAM_QUESTION_COUNT)
    .sort((a, b) => a.position - b.position)
    .map((q) => q.question_id);
  const [row] = await db
    .insert(examRuns)
    .values({ userId, mode: input.mode, questionIds, answers, position: input.position })
    .onConflictDoUpdate({
      target: [examRuns.userId, examRuns.mode],
      set: { questionIds, answers, position: input.position, updatedAt: sql`now()` },
    })
    .returning();
  return toRun(row!, bank);
}

/** DELETE /exam/run (and a recorded attempt): removes the user's run of this mode. */
export async function deleteExamRun(db: DbExecutor, userId: string, mode: ExamMode): Promise<boolean> {
  const rows = await db
    .delete(examRuns)
    .where(and(eq(examRuns.userId, userId), eq(examRuns.mode, mode)))
    .returning({ id: examRuns.id });
  return rows.length > 0;
}
