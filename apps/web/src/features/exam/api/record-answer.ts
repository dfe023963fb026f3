import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ExamAnswersResponse, ExamMode } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

/** POST /exam/answers (signed in): first-try answers; the server grades them and updates the review queue and the statistics. */
export function recordExamAnswers(mode: ExamMode, answers: { question_id: string; answer_id: string }[]): Promise<ExamAnswersResponse> {
  return apiFetch<ExamAnswersResponse>('/exam/answers', { method: 'POST', body: { mode, answers } });
}

/**
 * The runner's one hook into the review queue: for a signed-in user, each first-try answer is sent as
 * it is given (in the background: the run never waits for it, and a failure is only logged), then the
 * queue is read again. A guest's answers are not sent.
 */
export function useRecordAnswer(signedIn: boolean, mode: ExamMode): (questionId: string, answerId: string) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (answer: { question_id: string; answer_id: string }) => recordExamAnswers(mode, [answer]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.review() }),
    onError: (error) => console.warn('The answer was not recorded for review', error),
  });
  return useCallback(
    (questionId: string, answerId: string) => {
      if (signedIn) mutate({ question_id: questionId, answer_id: answerId });
    },
    [signedIn, mutate],
  );
}
