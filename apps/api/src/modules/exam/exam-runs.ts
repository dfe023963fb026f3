import { and, eq, sql } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS, type ExamMode, type ExamQuestion, type ExamRun, type SaveExamRunRequest } from '@medallion/contracts/exam';
import { drawExamIds, randomExamSeed } from '@medallion/contracts/exam-draw';
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

/**
 * The part of a run's draw the user may read: all of it with paid access, else the free preview that
 * opens it (the spec's run always opens with it). Questions staff removed since are left out.
 */
function readableDraw(questionIds: readonly string[], byId: ReadonlyMap<string, ExamQuestion>, fullAccess: boolean): string[] {
  return questionIds.filter((id) => {
    const q = byId.get(id);
    return q !== undefined && (fullAccess || q.position <= EXAM_FREE_QUESTIONS);
  });
}

function toRun(row: RunRow, bank: readonly ExamQuestion[], fullAccess: boolean): ExamRun {
  const { score, wrong } = gradeRunAnswers(bank, row.answers);
  const byId = new Map(bank.map((q) => [q.question_id, q]));
  return {
    mode: row.mode,
    seed: row.seed,
    question_ids: readableDraw(row.questionIds, byId, fullAccess),
    total: row.questionIds.length,
    position: row.position,
    answers: row.answers,
    score,
    wrong_question_ids: wrong,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findRun(db: DbExecutor, userId: string, mode: ExamMode): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(examRuns)
    .where(and(eq(examRuns.userId, userId), eq(examRuns.mode, mode)))
    .limit(1);
  return row;
}

/** GET /exam/run: the user's run of this mode, graded now, or null. Only the user's own is ever read. */
export async function getExamRun(db: DbExecutor, userId: string, mode: ExamMode, bank: readonly ExamQuestion[], fullAccess: boolean): Promise<ExamRun | null> {
  const row = await findRun(db, userId, mode);
  return row ? toRun(row, bank, fullAccess) : null;
}

/**
 * Checks a run of the spec's exam against its draw, the bank and the user's access. Refused: a question
 * the user may not read (unknown, or past the free preview without access: 404, nothing said about it),
 * one outside the run's draw (400 exam.runQuestionNotDrawn), a question twice, one the run has not
 * reached (its place in the draw at or past the position), an answer that is not its question's; and a
 * position past what the user may reach (the free preview without access: 404).
 */
function checkExamModeRun(input: SaveExamRunRequest, draw: readonly string[], bank: readonly ExamQuestion[], fullAccess: boolean): void {
  const byId = new Map(bank.map((q) => [q.question_id, q]));
  const readable = (q: ExamQuestion | undefined): q is ExamQuestion => q !== undefined && (fullAccess || q.position <= EXAM_FREE_QUESTIONS);
  const freeOpening = draw.findIndex((id) => !readable(byId.get(id)));
  const reachable = fullAccess || freeOpening === -1 ? draw.length : freeOpening;
  if (input.position > reachable) throw new AppError('NOT_FOUND', 'exam.questionNotFound').on('position');
  const placeOf = new Map(draw.map((id, i) => [id, i]));
  const seen = new Set<string>();
  input.answers.forEach((a, i) => {
    const q = byId.get(a.question_id);
    if (!readable(q)) throw new AppError('NOT_FOUND', 'exam.questionNotFound').on(`answers.${i}.question_id`);
    const place = placeOf.get(a.question_id);
    if (place === undefined) throw new AppError('VALIDATION_ERROR', 'exam.runQuestionNotDrawn').on(`answers.${i}.question_id`);
    if (seen.has(a.question_id)) throw new AppError('VALIDATION_ERROR', 'exam.runDuplicateQuestion').on(`answers.${i}.question_id`);
    seen.add(a.question_id);
    if (place >= input.position) throw new AppError('VALIDATION_ERROR', 'exam.runInvalid').on(`answers.${i}.question_id`);
    if (!isOwnAnswer(q, a.answer_id)) throw new AppError('VALIDATION_ERROR', 'exam.runInvalid').on(`answers.${i}.answer_id`);
  });
}

/**
 * PUT /exam/run: saves the user's run (one per user and mode; the last write wins, concurrent saves
 * meet in the upsert on the unique (user_id, mode) index). Only mode `exam` is saved here: the timed
 * simulation keeps its run through its own routes. The first save draws the run's exam from the whole
 * pool (drawExam, the free preview first) with the request's seed or a new one; later saves keep the
 * draw unless they bring another seed (a new exam begun in a browser). The answer carries the server's
 * grade and the draw.
 */
export async function saveExamRun(
  db: DbExecutor,
  userId: string,
  input: SaveExamRunRequest,
  bank: readonly ExamQuestion[],
  fullAccess: boolean,
): Promise<ExamRun> {
  if (input.mode !== 'exam') throw new AppError('VALIDATION_ERROR', 'exam.runModeUnsupported').on('mode');
  const kept = await findRun(db, userId, input.mode);
  const keep = kept && (input.seed === undefined || input.seed === kept.seed);
  const seed = keep ? kept.seed : (input.seed ?? randomExamSeed());
  const questionIds = keep ? kept.questionIds : drawExamIds(bank, seed!);
  checkExamModeRun(input, questionIds, bank, fullAccess);
  const answers = input.answers.map((a) => ({ question_id: a.question_id, answer_id: a.answer_id }));
  const [row] = await db
    .insert(examRuns)
    .values({ userId, mode: input.mode, seed, questionIds, answers, position: input.position })
    .onConflictDoUpdate({
      target: [examRuns.userId, examRuns.mode],
      set: { seed, questionIds, answers, position: input.position, updatedAt: sql`now()` },
    })
    .returning();
  return toRun(row!, bank, fullAccess);
}

/**
 * A finished run's attempt (POST /exam/attempts, mode 'exam') answers the run's own exam: with a run in
 * progress, an answer to a question outside its draw is refused (400 exam.runQuestionNotDrawn). Without a
 * run (its saves failed, or an API client) the attempt is graded as it comes.
 */
export async function checkAttemptInRun(db: DbExecutor, userId: string, answers: ReadonlyArray<{ question_id: string }>): Promise<void> {
  const run = await findRun(db, userId, 'exam');
  if (!run) return;
  const drawn = new Set(run.questionIds);
  answers.forEach((a, i) => {
    if (!drawn.has(a.question_id)) throw new AppError('VALIDATION_ERROR', 'exam.runQuestionNotDrawn').on(`answers.${i}.question_id`);
  });
}

/** DELETE /exam/run (and a recorded attempt): removes the user's run of this mode. */
export async function deleteExamRun(db: DbExecutor, userId: string, mode: ExamMode): Promise<boolean> {
  const rows = await db
    .delete(examRuns)
    .where(and(eq(examRuns.userId, userId), eq(examRuns.mode, mode)))
    .returning({ id: examRuns.id });
  return rows.length > 0;
}
