import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamAttemptResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

/** POST /exam/attempts (signed in): the first-try answer of each answered question; the server scores it. */
export function createExamAttempt(answers: { question_id: string; answer_id: string }[]): Promise<ExamAttemptResponse> {
  return apiFetch<ExamAttemptResponse>('/exam/attempts', { method: 'POST', body: { answers } });
}

export function useCreateExamAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExamAttempt,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.attempts() }), queryClient.invalidateQueries({ queryKey: examKeys.readiness() })]),
  });
}
