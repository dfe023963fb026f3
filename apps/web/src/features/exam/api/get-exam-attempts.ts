import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamAttempt } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/** GET /exam/attempts (signed in): the user's finished attempts, newest first. */
export async function getExamAttempts(signal?: AbortSignal): Promise<ExamAttempt[]> {
  const response = await apiFetch<{ data: { data: ExamAttempt[] } }>('/exam/attempts', { signal });
  return response.data.data;
}

export const examAttemptsQueryKey = ['exam', 'attempts'] as const;

export const examAttemptsQueryOptions = queryOptions({
  queryKey: examAttemptsQueryKey,
  queryFn: ({ signal }) => getExamAttempts(signal),
});

export function useExamAttempts() {
  return useQuery(examAttemptsQueryOptions);
}
