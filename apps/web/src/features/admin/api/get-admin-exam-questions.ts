import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/** GET /admin/exam/questions (staff): every exam question with its answers, in exam order. */
export async function getAdminExamQuestions(signal?: AbortSignal): Promise<ExamQuestion[]> {
  const response = await apiFetch<{ data: ExamQuestion[] }>('/admin/exam/questions', { signal });
  return response.data;
}

export const adminExamQuestionsQueryKey = ['admin', 'exam', 'questions'] as const;

export const adminExamQuestionsQueryOptions = queryOptions({
  queryKey: adminExamQuestionsQueryKey,
  queryFn: ({ signal }) => getAdminExamQuestions(signal),
});

export function useAdminExamQuestions() {
  return useQuery(adminExamQuestionsQueryOptions);
}
