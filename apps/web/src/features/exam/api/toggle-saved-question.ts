import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedQuestion, SaveQuestionResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

/** POST /exam/questions/save: saves the question, or removes it when it is already saved. */
export function toggleSavedQuestion(questionId: string): Promise<SaveQuestionResponse> {
  return apiFetch<SaveQuestionResponse>('/exam/questions/save', { method: 'POST', body: { question_id: questionId } });
}

/**
 * Optimistic toggle: the saved list changes at once and is restored if the call fails.
 * `optimistic` is the question as it will appear in the list when saving.
 */
export function useToggleSavedQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: string; optimistic?: Omit<SavedQuestion, 'record_id'> }) => toggleSavedQuestion(input.questionId),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: examKeys.saved() });
      const previous = queryClient.getQueryData<SavedQuestion[]>(examKeys.saved());
      const list = previous ?? [];
      const wasSaved = list.some((q) => q.question_id === input.questionId);
      const next = wasSaved
        ? list.filter((q) => q.question_id !== input.questionId)
        : input.optimistic
          ? [...list, { ...input.optimistic, record_id: `pending-${input.questionId}` }]
          : list;
      queryClient.setQueryData<SavedQuestion[]>(examKeys.saved(), next);
      return { previous, wasSaved };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(examKeys.saved(), context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: examKeys.saved() }),
  });
}
