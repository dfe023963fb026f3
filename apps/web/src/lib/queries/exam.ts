import { useQuery } from '@tanstack/react-query';
import type {
  ExamAttempt,
  ExamAttemptResponse,
  ExamAttemptsResponse,
  ExamReview,
  ExamReviewResponse,
  ExamQuestionsResponse,
  ExamReadinessResponse,
  ExamMode,
  ExamRun,
  ExamRunResponse,
  ExamModesResponse,
  ExamSimulation,
  ExamSimulationResponse,
  PromoCheckResponse,
  ReportedQuestionsResponse,
  SavedQuestion,
  SavedQuestionsResponse,
} from '@medallion/contracts/exam';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { defineQuery, getJson } from './define-query';

/*
 * Reads of the exam API (modules/exam): the questions, the user's saved and reported questions, their
 * attempts, and the promo-code check.
 */

/** Query keys of the exam domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const examKeys = {
  all: ['exam'] as const,
  questions: () => [...examKeys.all, 'questions'] as const,
  saved: () => [...examKeys.all, 'saved'] as const,
  reported: () => [...examKeys.all, 'reported'] as const,
  /** The list of attempts, and (below it) each attempt. */
  attempts: () => [...examKeys.all, 'attempts'] as const,
  attempt: (attemptId: string) => [...examKeys.attempts(), attemptId] as const,
  /** The readiness card's data (changes with every recorded attempt). */
  readiness: () => [...examKeys.all, 'readiness'] as const,
  /** The review queue (spaced repetition); answers change it. */
  review: () => [...examKeys.all, 'review'] as const,
  /** The user's run in progress of a mode (resume). */
  run: (mode: ExamMode) => [...examKeys.all, 'run', mode] as const,
  /** The ways to practice (the simulation's length, questions per topic): the same for everyone. */
  modes: () => [...examKeys.all, 'modes'] as const,
  /** The user's running timed simulation (null when none). */
  simulation: () => [...examKeys.all, 'simulation'] as const,
};

/** GET /exam/questions: the first 5 for guests and unpaid users, all 80 with paid access. */
export const getExamQuestions = getJson<ExamQuestionsResponse>('/exam/questions');
// Asked even when the browser says it is offline: the service worker answers from its copy (lib/offline.ts).
export const examQuestionsQueryOptions = defineQuery(examKeys.questions, getExamQuestions, {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  networkMode: 'offlineFirst',
});
export const useExamQuestions = () => useQuery(examQuestionsQueryOptions());

/** GET /exam/questions/saved (signed in); its 404 "No saved questions" means an empty list. */
export async function getSavedQuestions(signal?: AbortSignal): Promise<SavedQuestion[]> {
  try {
    return (await apiFetch<SavedQuestionsResponse>('/exam/questions/saved', { signal })).data.data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return [];
    throw error;
  }
}

export const savedQuestionsQueryOptions = defineQuery(examKeys.saved, getSavedQuestions);
export const useSavedQuestions = (enabled = true) => useQuery({ ...savedQuestionsQueryOptions(), enabled });

/** GET /exam/questions/issue (signed in): ids of the questions the user already reported. */
export async function getReportedQuestions(signal?: AbortSignal): Promise<string[]> {
  return (await apiFetch<ReportedQuestionsResponse>('/exam/questions/issue', { signal })).data.data;
}
export const reportedQuestionsQueryOptions = defineQuery(examKeys.reported, getReportedQuestions);
export const useReportedQuestions = (enabled = true) => useQuery({ ...reportedQuestionsQueryOptions(), enabled });

/** GET /exam/attempts (signed in): the user's finished attempts, newest first. */
export async function getExamAttempts(signal?: AbortSignal): Promise<ExamAttempt[]> {
  return (await apiFetch<ExamAttemptsResponse>('/exam/attempts', { signal })).data.data;
}
export const examAttemptsQueryOptions = defineQuery(examKeys.attempts, getExamAttempts);
export const useExamAttempts = () => useQuery(examAttemptsQueryOptions());

/** GET /exam/attempts/{id} (signed in): one of the user's own attempts; 404 for an unknown or someone else's. */
export async function getExamAttempt(attemptId: string, signal?: AbortSignal): Promise<ExamAttempt> {
  return (await apiFetch<ExamAttemptResponse>(`/exam/attempts/${encodeURIComponent(attemptId)}`, { signal })).data;
}
export const examAttemptQueryOptions = defineQuery(examKeys.attempt, (signal, attemptId: string) => getExamAttempt(attemptId, signal), { retry: false });
export const useExamAttempt = (attemptId: string, enabled = true) => useQuery({ ...examAttemptQueryOptions(attemptId), enabled });

/** GET /exam/readiness (signed in): the score from recent attempts, topics, next step and the last attempts. */
export const getExamReadiness = getJson<ExamReadinessResponse>('/exam/readiness');
export const examReadinessQueryOptions = defineQuery(examKeys.readiness, getExamReadiness);
export const useExamReadiness = (enabled = true) => useQuery({ ...examReadinessQueryOptions(), enabled });

/**
 * GET /exam/run?mode= (signed in): the run in progress, graded by the server, or null. Read once when
 * a run starts (never from an older copy: gcTime 0), since the runner takes it over from there.
 */
export async function getExamRun(mode: ExamMode, signal?: AbortSignal): Promise<ExamRun | null> {
  return (await apiFetch<ExamRunResponse>('/exam/run', { query: { mode }, signal })).data;
}
export const examRunQueryOptions = defineQuery(examKeys.run, (signal, mode: ExamMode) => getExamRun(mode, signal), {
  gcTime: 0,
  // Offline the read fails at once rather than waiting for the network, so the run goes on from what
  // this browser kept (the service worker never keeps the run: it is private).
  networkMode: 'always',
  retry: (failures) => failures < 1 && (typeof navigator === 'undefined' || navigator.onLine),
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
export const useExamRun = (mode: ExamMode, enabled = true) => useQuery({ ...examRunQueryOptions(mode), enabled });

/**
 * GET /exam/promo-check?code=: whether the code would discount the exam now (case-insensitive).
 * The checkout asks on demand (a mutation in the exam feature), so the answer is never cached and
 * there is no query for it.
 */
export function checkPromoCode(code: string, signal?: AbortSignal): Promise<PromoCheckResponse> {
  return apiFetch<PromoCheckResponse>('/exam/promo-check', { query: { code }, signal });
}

/** GET /exam/review (signed in): the questions due for review today (New York), and how many come later. */
export async function getExamReview(signal?: AbortSignal): Promise<ExamReview> {
  return (await apiFetch<ExamReviewResponse>('/exam/review', { signal })).data;
}
export const examReviewQueryOptions = defineQuery(examKeys.review, getExamReview);
export const useExamReview = (enabled = true) => useQuery({ ...examReviewQueryOptions(), enabled });

/** GET /exam/modes (anyone): the timed simulation's length and question count, and each topic's number of questions. */
export async function getExamModes(signal?: AbortSignal): Promise<ExamModesResponse['data']> {
  return (await apiFetch<ExamModesResponse>('/exam/modes', { signal })).data;
}
export const examModesQueryOptions = defineQuery(examKeys.modes, getExamModes, { staleTime: 5 * 60_000 });
export const useExamModes = () => useQuery(examModesQueryOptions());

/** GET /exam/simulation (signed in): the running timed simulation, or null. Never stale: its clock is the server's. */
export async function getExamSimulation(signal?: AbortSignal): Promise<ExamSimulation | null> {
  return (await apiFetch<ExamSimulationResponse>('/exam/simulation', { signal })).data;
}
export const examSimulationQueryOptions = defineQuery(examKeys.simulation, getExamSimulation, { staleTime: Infinity, refetchOnWindowFocus: false });
export const useExamSimulation = (enabled = true) => useQuery({ ...examSimulationQueryOptions(), enabled });
