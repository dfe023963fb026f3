import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamQuestionsResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/** GET /exam/questions: the first 5 for guests and unpaid users, all 80 with paid access. */
export function getExamQuestions(signal?: AbortSignal): Promise<ExamQuestionsResponse> {
  return apiFetch<ExamQuestionsResponse>('/exam/questions', { signal });
}

export const examQuestionsQueryKey = ['exam', 'questions'] as const;

export const examQuestionsQueryOptions = queryOptions({
  queryKey: examQuestionsQueryKey,
  queryFn: ({ signal }) => getExamQuestions(signal),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export function useExamQuestions() {
  return useQuery(examQuestionsQueryOptions);
}
