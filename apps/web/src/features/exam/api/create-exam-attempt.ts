import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamAttemptMode, ExamAttemptResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

type Answers = { question_id: string; answer_id: string }[];

/**
 * POST /exam/attempts (signed in): the first-try answer of each answered question; the server scores it.
 * A practice run by topic (or the review queue) names its mode; the spec's run sends none ('exam').
 */
export function createExamAttempt(answers: Answers, mode?: ExamAttemptMode): Promise<ExamAttemptResponse> {
  return apiFetch<ExamAttemptResponse>('/exam/attempts', { method: 'POST', body: mode ? { answers, mode } : { answers } });
}

export function useCreateExamAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    // The spec's run sends its answers; a practice run by topic or review sends them with its mode.
    mutationFn: (input: Answers | { answers: Answers; mode: ExamAttemptMode }) =>
      Array.isArray(input) ? createExamAttempt(input) : createExamAttempt(input.answers, input.mode),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.attempts() }), queryClient.invalidateQueries({ queryKey: examKeys.readiness() })]),
  });
}
