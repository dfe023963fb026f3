import { and, count, desc, eq, lte } from 'drizzle-orm';
import {
  EXAM_PASS_RATE,
  EXAM_QUESTION_COUNT,
  EXAM_TOPICS,
  passesExam,
  type ExamMode,
  type ExamReadiness,
  type ExamTopic,
  type ReadinessConfidence,
  type ReadinessNextStep,
  type ReadinessVerdict,
} from '@medallion/contracts/exam';
import type { DbExecutor } from '@medallion/db/client';
import { examToday } from './exam-day';
import { examAttempts, examReviewItems } from '@medallion/db/schema';
import { EXAM_TOPIC_WEIGHTS } from '@medallion/contracts/exam-draw';

/*
 * Readiness: how ready a user is for the 80-question exam, estimated from their recent attempts.
 *
 * 1. Per topic, the RECENT_PER_TOPIC newest attempts (of any mode) with answers of that topic. Only
 *    answers given count (answeredIn): a question a timed simulation left open is no answer.
 *    The newest counts with weight 1, the next 0.8, then 0.6, 0.4, 0.2 (RECENCY_WEIGHTS).
 * 2. The topic's rate r_t = Σ w·correct / Σ w·answered over those attempts (a share right, 0–1).
 *    It is below the pass mark when r_t < EXAM_PASS_RATE (61 of 80 = 76.25 %).
 * 3. The score is the rates weighted by each topic's share of the exam, s_t = the number of the 80
 *    questions of that topic in a drawn exam (EXAM_TOPIC_WEIGHTS, contracts/exam-draw.ts): score = Σ s_t·r_t / Σ s_t over the topics answered at least once, as a
 *    percentage. It estimates the share of the real exam the user would answer right.
 * 4. No score below MIN_ANSWERS answered questions (counted plainly over the attempts used).
 *    Confidence: low below 40 answers or when the answered topics make up less than 75 % of the exam,
 *    high from 80 answers with every topic of the exam answered, medium in between.
 * 5. Verdict: "likely to pass" when the score is at least LIKELY_MARGIN above the pass mark and the
 *    confidence is not low; "keep practicing" from CLOSE_MARGIN below the pass mark; else "not ready".
 * 6. Next step, the first that applies: no score yet → take an exam; a topic below the pass mark →
 *    practice the weakest; missed questions due for review → review; no passed timed simulation among
 *    the recent attempts or not yet likely to pass → a timed simulation; else ready.
 */
export const RECENT_PER_TOPIC = 5;
export const RECENCY_WEIGHTS = [1, 0.8, 0.6, 0.4, 0.2] as const;
export const MIN_ANSWERS = 10;
export const LIKELY_MARGIN = 0.05;
export const CLOSE_MARGIN = 0.15;
/** How many attempts are read (the newest): enough for 5 per topic among topic runs, and the chart's 20. */
const ATTEMPTS_READ = 60;
const HISTORY_LENGTH = 20;

export interface ReadinessAttempt {
  id: string;
  score: number;
  total: number;
  mode: ExamMode;
  perTopic: Record<string, { correct: number; total: number; answered?: number }>;
  createdAt: Date;
}

/**
 * The questions of a topic the user answered in an attempt: only answers given count, never a question
 * a timed simulation left open. Attempts graded since issue #30 say so (`answered`); before that, the
 * other modes held only answered questions, and a timed one cannot tell its open questions from wrong
 * ones, so it is left out.
 */
function answeredIn(a: ReadinessAttempt, topic: string): number {
  const t = a.perTopic[topic];
  if (!t) return 0;
  if (t.answered !== undefined) return t.answered;
  return a.mode === 'timed' ? 0 : t.total;
}

/**
 * The readiness of one user from their attempts (any order), the number of the exam's questions per
 * topic and the number of review questions due. Pure: the formula above, tested on known attempts.
 */
export function computeReadiness(attempts: ReadinessAttempt[], examTopicCounts: Partial<Record<ExamTopic, number>>, reviewDue: number): ExamReadiness {
  const newestFirst = [...attempts].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const used = new Set<string>();
  let answers = 0;
  const perTopic = EXAM_TOPICS.map((topic) => {
    const recent = newestFirst.filter((a) => answeredIn(a, topic) > 0).slice(0, RECENT_PER_TOPIC);
    let correct = 0;
    let total = 0;
    let weightedCorrect = 0;
    let weightedTotal = 0;
    recent.forEach((a, i) => {
      const n = answeredIn(a, topic);
      const right = Math.min(a.perTopic[topic]!.correct, n);
      const w = RECENCY_WEIGHTS[i]!;
      used.add(a.id);
      correct += right;
      total += n;
      weightedCorrect += w * right;
      weightedTotal += w * n;
    });
    answers += total;
    const rate = total > 0 ? weightedCorrect / weightedTotal : null;
    return { topic, correct, total, rate, exam_questions: examTopicCounts[topic] ?? 0 };
  });

  const answered = perTopic.filter((t) => t.rate !== null);
  const examSize = perTopic.reduce((sum, t) => sum + t.exam_questions, 0);
  const coveredSize = answered.reduce((sum, t) => sum + t.exam_questions, 0);
  const estimate = answers >= MIN_ANSWERS && coveredSize > 0 ? answered.reduce((sum, t) => sum + t.exam_questions * t.rate!, 0) / coveredSize : null;
  const coverage = examSize > 0 ? coveredSize / examSize : 0;
  const confidence: ReadinessConfidence | null =
    estimate === null ? null : answers < 40 || coverage < 0.75 ? 'low' : answers >= EXAM_QUESTION_COUNT && coverage === 1 ? 'high' : 'medium';
  const verdict: ReadinessVerdict | null =
    estimate === null
      ? null
      : estimate >= EXAM_PASS_RATE + LIKELY_MARGIN && confidence !== 'low'
        ? 'likely-pass'
        : estimate >= EXAM_PASS_RATE - CLOSE_MARGIN
          ? 'keep-practicing'
          : 'not-ready';

  const weak = answered.filter((t) => t.rate! < EXAM_PASS_RATE).sort((a, b) => a.rate! - b.rate! || a.total - b.total);
  const recentAttempts = newestFirst.filter((a) => used.has(a.id));
  const passedTimed = recentAttempts.some((a) => a.mode === 'timed' && passesExam(a.score));
  const nextStep: ReadinessNextStep =
    estimate === null
      ? 'take-first-exam'
      : weak.length > 0
        ? 'practice-topic'
        : reviewDue > 0
          ? 'review-due'
          : !passedTimed || verdict !== 'likely-pass'
            ? 'take-timed'
            : 'ready';

  return {
    score: estimate === null ? null : Math.round(estimate * 100),
    verdict,
    confidence,
    pass_percent: EXAM_PASS_RATE * 100,
    attempts_considered: used.size,
    answers_considered: answers,
    per_topic: perTopic.map((t) => ({
      topic: t.topic,
      correct: t.correct,
      total: t.total,
      rate: t.rate === null ? null : Math.round(t.rate * 100),
      below_pass: t.rate !== null && t.rate < EXAM_PASS_RATE,
      exam_questions: t.exam_questions,
    })),
    weak_topics: weak.map((t) => t.topic),
    next_step: nextStep,
    next_topic: nextStep === 'practice-topic' ? weak[0]!.topic : null,
    review_due: reviewDue,
    history: newestFirst
      .slice(0, HISTORY_LENGTH)
      .reverse()
      .map((a) => ({ attempt_id: a.id, created_at: a.createdAt.toISOString(), score: a.score, total: a.total, mode: a.mode })),
  };
}

/** GET /exam/readiness: the user's own attempts only (the user id comes from the session). */
export async function getReadiness(db: DbExecutor, userId: string, now = new Date()): Promise<ExamReadiness> {
  const [rows, [due]] = await Promise.all([
    db
      .select({
        id: examAttempts.id,
        score: examAttempts.score,
        total: examAttempts.total,
        mode: examAttempts.mode,
        perTopic: examAttempts.perTopic,
        createdAt: examAttempts.createdAt,
      })
      .from(examAttempts)
      .where(eq(examAttempts.userId, userId))
      .orderBy(desc(examAttempts.createdAt))
      .limit(ATTEMPTS_READ),
    db
      .select({ n: count() })
      .from(examReviewItems)
      .where(and(eq(examReviewItems.userId, userId), lte(examReviewItems.dueOn, examToday(now)))),
  ]);
  // Each topic weighs what it weighs in a drawn exam (the draw's weights), whatever the pool holds.
  return computeReadiness(rows, EXAM_TOPIC_WEIGHTS, due?.n ?? 0);
}
