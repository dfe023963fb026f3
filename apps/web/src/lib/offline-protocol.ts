/*
 * What the page and the service worker (apps/web/service-worker/sw.ts) say to each other, and the
 * addresses the worker keeps for the offline exam. Plain data, no DOM and no worker types: both
 * projects compile this file.
 */

/** The worker's script, at the root so that its scope is the whole site. Served by the API with the bank's hash. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The page whose HTML is kept for the offline exam (rendered for the signed-in user), and the bank's address. */
export const OFFLINE_EXAM_PAGE = '/exam';
export const OFFLINE_EXAM_QUESTIONS = '/api/exam/questions';

/** Cache names: the app shell per build; the exam per build, bank and user (at most one user's at a time). */
export const SHELL_CACHE_PREFIX = 'medallion-shell-';
export const EXAM_CACHE_PREFIX = 'medallion-exam-';

/** The page asks the worker to keep the exam for `user` (the session's user id, null for a guest). */
export interface CacheExamRequest {
  type: 'cache-exam';
  user: string | null;
}

/** The worker's answer on the request's MessagePort. */
export type CacheExamReply = { type: 'exam-cached'; questions: number } | { type: 'exam-not-cached'; reason: 'offline' | 'user-changed' | 'failed' };

export type PageToWorker = CacheExamRequest;
