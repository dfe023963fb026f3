import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiClientError, apiFetch } from '@/lib/api-client';

export interface SavedQuestion {
  record_id: string;
  question_id: string;
  question: string;
  question_rus: string;
}

/** GET /exam/questions/saved (signed in); its 404 "No saved questions" means an empty list. */
export async function getSavedQuestions(signal?: AbortSignal): Promise<SavedQuestion[]> {
  try {
    const response = await apiFetch<{ data: { data: SavedQuestion[] } }>('/exam/questions/saved', { signal });
    return response.data.data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return [];
    throw error;
  }
}

export const savedQuestionsQueryKey = ['exam', 'saved'] as const;

export const savedQuestionsQueryOptions = queryOptions({
  queryKey: savedQuestionsQueryKey,
  queryFn: ({ signal }) => getSavedQuestions(signal),
});

export function useSavedQuestions(enabled = true) {
  return useQuery({ ...savedQuestionsQueryOptions, enabled });
}
