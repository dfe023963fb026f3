import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamAttempt } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examAttemptsQueryKey } from './get-exam-attempts';

/** GET /exam/attempts/{id} (signed in): one of the user's own attempts; 404 for an unknown or someone else's. */
export async function getExamAttempt(attemptId: string, signal?: AbortSignal): Promise<ExamAttempt> {
  const response = await apiFetch<{ data: ExamAttempt }>(`/exam/attempts/${encodeURIComponent(attemptId)}`, { signal });
  return response.data;
}

export const examAttemptQueryOptions = (attemptId: string) =>
  queryOptions({
    queryKey: [...examAttemptsQueryKey, attemptId],
    queryFn: ({ signal }) => getExamAttempt(attemptId, signal),
    retry: false,
  });

export function useExamAttempt(attemptId: string, enabled = true) {
  return useQuery({ ...examAttemptQueryOptions(attemptId), enabled });
}
