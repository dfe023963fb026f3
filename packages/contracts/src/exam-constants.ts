/**
 * The zod-free part of the exam contracts: the exam's numbers and option lists. Pages that only need
 * these import this module and do not load zod (exam.ts re-exports it).
 */
/** An exam has 80 questions; a score above 60 passes. */
export const EXAM_QUESTION_COUNT = 80;
export const EXAM_PASS_ABOVE = 60;
/** The pass rule, the one place it is written: a score above 60 passes (exactly 60 fails). */
export function passesExam(score: number): boolean {
  return score > EXAM_PASS_ABOVE;
}
/** The pass mark as a share of the exam: the lowest passing score, 61 of 80 = 0.7625 (readiness compares topics with it). */
export const EXAM_PASS_RATE = (EXAM_PASS_ABOVE + 1) / EXAM_QUESTION_COUNT;
/** The paywall prompt shows at question 6: the first 5 are free. */
export const EXAM_FREE_QUESTIONS = 5;
export const EXAM_TOPICS = ['rules', 'geography', 'safety', 'customer-service', 'for-hire', 'trafficking'] as const;
export type ExamTopic = (typeof EXAM_TOPICS)[number];
/**
 * The ways to practice: the spec's 80-question run ('exam', exactly as specified), the timed simulation,
 * one topic, and the review queue of missed questions (spaced repetition).
 */
export const EXAM_MODES = ['exam', 'timed', 'topic', 'review'] as const;
export type ExamMode = (typeof EXAM_MODES)[number];
/** The "Report an issue" options, stored by these keys; the web shows their labels. */
export const REPORT_ISSUE_OPTIONS = ['spelling', 'outdated', 'confusing-answers', 'incorrect-answer'] as const;
export type ReportIssueOption = (typeof REPORT_ISSUE_OPTIONS)[number];
