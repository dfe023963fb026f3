import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ExamAnswersResponse, ExamMode } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/queries/auth';
import { examKeys } from '@/lib/queries/exam';
import { enqueueAnswer, flushAnswers, hasQueuedAttempts } from '../lib/answer-queue';
import { createExamAttempt, isFinalRefusal } from './create-exam-attempt';

/** POST /exam/answers (signed in): first-try answers; the server grades them and updates the review queue and the statistics. */
export function recordExamAnswers(mode: ExamMode, answers: { question_id: string; answer_id: string; key?: string }[]): Promise<ExamAnswersResponse> {
  return apiFetch<ExamAnswersResponse>('/exam/answers', { method: 'POST', body: { mode, answers } });
}

/** Sends the finished exams kept offline; their queue is a chunk of its own (kept offline by the worker), loaded only when it holds some. */
async function flushKeptAttempts(user: string): Promise<number> {
  const { flushAttempts } = await import('../lib/attempt-queue');
  return flushAttempts(user, (attempt) => createExamAttempt(attempt.answers, attempt.mode, attempt.key).then(() => undefined), isFinalRefusal);
}

/**
 * The runner's one hook into the review queue: for a signed-in user, each first-try answer is queued in
 * this browser with its key and sent at once (in the background: the run never waits for it). Offline,
 * or when a send fails, the answer waits in the queue (features/exam/lib/answer-queue.ts) and goes when
 * the connection returns (the `online` event), with the next answer or on the next visit; the key makes
 * a resend harmless. Then the review queue is read again. The same flush sends the exams finished
 * offline (kept by useCreateExamAttempt). A guest's answers are not sent.
 */
export function useRecordAnswer(signedIn: boolean, mode: ExamMode): (questionId: string, answerId: string) => void {
  const queryClient = useQueryClient();
  const user = useSession().data?.user?.id ?? null;
  const { mutate } = useMutation({
    // The answers first, then the exams finished offline (create-exam-attempt.ts keeps them).
    mutationFn: async (who: string) => {
      const answers = await flushAnswers(
        who,
        async (batchMode, batch) => {
          await recordExamAnswers(batchMode, batch);
        },
        isFinalRefusal,
      );
      const attempts = hasQueuedAttempts() ? await flushKeptAttempts(who) : 0;
      return { answers, attempts };
    },
    // Sent on as soon as the browser says it is online: the queue is the mutation's own retry.
    networkMode: 'always',
    onSuccess: ({ answers, attempts }) => {
      if (answers > 0) void queryClient.invalidateQueries({ queryKey: examKeys.review() });
      if (attempts > 0) {
        void queryClient.invalidateQueries({ queryKey: examKeys.attempts() });
        void queryClient.invalidateQueries({ queryKey: examKeys.readiness() });
      }
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
