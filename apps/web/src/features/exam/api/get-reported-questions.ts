import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /exam/questions/issue (signed in): ids of the questions the user already reported. */
export async function getReportedQuestions(signal?: AbortSignal): Promise<string[]> {
  const response = await apiFetch<{ data: { data: string[] } }>('/exam/questions/issue', { signal });
  return response.data.data;
}

export const reportedQuestionsQueryKey = ['exam', 'reported'] as const;

export const reportedQuestionsQueryOptions = queryOptions({
  queryKey: reportedQuestionsQueryKey,
  queryFn: ({ signal }) => getReportedQuestions(signal),
});

export function useReportedQuestions(enabled = true) {
  return useQuery({ ...reportedQuestionsQueryOptions, enabled });
}
