import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ExamAttempt,
  ExamQuestionsResponse,
  PromoCheckResponse,
  examAttemptResponseSchema,
  examAttemptsResponseSchema,
  reportedQuestionsResponseSchema,
  savedQuestionsResponseSchema,
} from '@medallion/contracts/exam';
import type { z } from 'zod';
import { ApiClientError, apiFetch } from '@/lib/api-client';

/*
 * Reads of the exam API (modules/exam): the questions, the user's saved and reported questions, their
 * attempts, and the promo-code check.
 */

export type SavedQuestion = z.infer<typeof savedQuestionsResponseSchema>['data']['data'][number];

/** Query keys of the exam domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const examKeys = {
  all: ['exam'] as const,
  questions: () => [...examKeys.all, 'questions'] as const,
  saved: () => [...examKeys.all, 'saved'] as const,
  reported: () => [...examKeys.all, 'reported'] as const,
  /** The list of attempts, and (below it) each attempt. */
  attempts: () => [...examKeys.all, 'attempts'] as const,
  attempt: (attemptId: string) => [...examKeys.attempts(), attemptId] as const,
};

/** GET /exam/questions: the first 5 for guests and unpaid users, all 80 with paid access. */
export function getExamQuestions(signal?: AbortSignal): Promise<ExamQuestionsResponse> {
  return apiFetch<ExamQuestionsResponse>('/exam/questions', { signal });
}

export function examQuestionsQueryOptions() {
  return queryOptions({
    queryKey: examKeys.questions(),
    queryFn: ({ signal }) => getExamQuestions(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useExamQuestions() {
  return useQuery(examQuestionsQueryOptions());
}

/** GET /exam/questions/saved (signed in); its 404 "No saved questions" means an empty list. */
export async function getSavedQuestions(signal?: AbortSignal): Promise<SavedQuestion[]> {
  try {
    const response = await apiFetch<z.infer<typeof savedQuestionsResponseSchema>>('/exam/questions/saved', { signal });
    return response.data.data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return [];
    throw error;
  }
}

export function savedQuestionsQueryOptions() {
  return queryOptions({
    queryKey: examKeys.saved(),
    queryFn: ({ signal }) => getSavedQuestions(signal),
  });
}

export function useSavedQuestions(enabled = true) {
  return useQuery({ ...savedQuestionsQueryOptions(), enabled });
}

/** GET /exam/questions/issue (signed in): ids of the questions the user already reported. */
export async function getReportedQuestions(signal?: AbortSignal): Promise<string[]> {
  const response = await apiFetch<z.infer<typeof reportedQuestionsResponseSchema>>('/exam/questions/issue', { signal });
  return response.data.data;
}

export function reportedQuestionsQueryOptions() {
  return queryOptions({
    queryKey: examKeys.reported(),
    queryFn: ({ signal }) => getReportedQuestions(signal),
  });
}

export function useReportedQuestions(enabled = true) {
  return useQuery({ ...reportedQuestionsQueryOptions(), enabled });
}

/** GET /exam/attempts (signed in): the user's finished attempts, newest first. */
export async function getExamAttempts(signal?: AbortSignal): Promise<ExamAttempt[]> {
  const response = await apiFetch<z.infer<typeof examAttemptsResponseSchema>>('/exam/attempts', { signal });
  return response.data.data;
}

export function examAttemptsQueryOptions() {
  return queryOptions({
    queryKey: examKeys.attempts(),
    queryFn: ({ signal }) => getExamAttempts(signal),
  });
}

export function useExamAttempts() {
  return useQuery(examAttemptsQueryOptions());
}

/** GET /exam/attempts/{id} (signed in): one of the user's own attempts; 404 for an unknown or someone else's. */
export async function getExamAttempt(attemptId: string, signal?: AbortSignal): Promise<ExamAttempt> {
  const response = await apiFetch<z.infer<typeof examAttemptResponseSchema>>(`/exam/attempts/${encodeURIComponent(attemptId)}`, { signal });
  return response.data;
}

export function examAttemptQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: examKeys.attempt(attemptId),
    queryFn: ({ signal }) => getExamAttempt(attemptId, signal),
    retry: false,
  });
}

export function useExamAttempt(attemptId: string, enabled = true) {
  return useQuery({ ...examAttemptQueryOptions(attemptId), enabled });
}

/**
 * GET /exam/promo-check?code=: whether the code would discount the exam now (case-insensitive).
 * The checkout asks on demand (a mutation in the exam feature), so the answer is never cached and
 * there is no query for it.
 */
export function checkPromoCode(code: string, signal?: AbortSignal): Promise<PromoCheckResponse> {
  return apiFetch<PromoCheckResponse>('/exam/promo-check', { query: { code }, signal });
}
