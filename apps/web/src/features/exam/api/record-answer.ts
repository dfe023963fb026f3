import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ExamAnswersResponse, ExamMode } from '@medallion/contracts/exam';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/queries/auth';
import { examKeys } from '@/lib/queries/exam';
import { enqueueAnswer, flushAnswers } from '../lib/answer-queue';

/** POST /exam/answers (signed in): first-try answers; the server grades them and updates the review queue and the statistics. */
export function recordExamAnswers(mode: ExamMode, answers: { question_id: string; answer_id: string; key?: string }[]): Promise<ExamAnswersResponse> {
  return apiFetch<ExamAnswersResponse>('/exam/answers', { method: 'POST', body: { mode, answers } });
}

/** A refusal that a resend would get again (a 4xx other than signed out, too many requests or a timeout): dropped from the queue. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/**
 * The runner's one hook into the review queue: for a signed-in user, each first-try answer is queued in
 * this browser with its key and sent at once (in the background: the run never waits for it). Offline,
 * or when a send fails, the answer waits in the queue (features/exam/lib/answer-queue.ts) and goes when
 * the connection returns (the `online` event), with the next answer or on the next visit; the key makes
 * a resend harmless. Then the review queue is read again. A guest's answers are not sent.
 */
export function useRecordAnswer(signedIn: boolean, mode: ExamMode): (questionId: string, answerId: string) => void {
  const queryClient = useQueryClient();
  const user = useSession().data?.user?.id ?? null;
  const { mutate } = useMutation({
    mutationFn: (who: string) =>
      flushAnswers(
        who,
        async (batchMode, answers) => {
          await recordExamAnswers(batchMode, answers);
        },
        isFinalRefusal,
      ),
    // Sent on as soon as the browser says it is online: the queue is the mutation's own retry.
    networkMode: 'always',
    onSuccess: (sent) => {
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: examKeys.review() });
    },
    onError: (error) => console.warn('The answers were not recorded for review', error),
  });

  useEffect(() => {
    if (!signedIn || !user) return;
    const send = () => mutate(user);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [signedIn, user, mutate]);

  return useCallback(
    (questionId: string, answerId: string) => {
      if (!signedIn || !user) return;
      enqueueAnswer({ user, mode, question_id: questionId, answer_id: answerId });
      mutate(user);
    },
    [signedIn, user, mode, mutate],
  );
}
