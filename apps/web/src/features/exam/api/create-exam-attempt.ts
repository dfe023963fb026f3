import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamAttemptMode, ExamAttemptResponse } from '@medallion/contracts/exam';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/queries/auth';
import { examKeys } from '@/lib/queries/exam';

type Answers = { question_id: string; answer_id: string }[];

/**
 * POST /exam/attempts (signed in): the first-try answer of each answered question; the server scores it.
 * A practice run by topic (or the review queue) names its mode; the spec's run sends none ('exam').
 * `attemptKey` (made when the exam was finished) makes a resend record the attempt once.
 */
export function createExamAttempt(answers: Answers, mode?: ExamAttemptMode, attemptKey?: string): Promise<ExamAttemptResponse> {
  const body = { answers, ...(mode && mode !== 'exam' && { mode }), ...(attemptKey && { attempt_key: attemptKey }) };
  return apiFetch<ExamAttemptResponse>('/exam/attempts', { method: 'POST', body });
}

/** A refusal that a resend would get again (a 4xx other than signed out, too many requests or a timeout). */
export const isFinalRefusal = (error: unknown) =>
  error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** What finishing answered: recorded on the server, or kept on this device to be sent when back online. */
export type AttemptOutcome = { recorded: true; response: ExamAttemptResponse } | { recorded: false };

/**
 * Records a finished exam. It is first kept in this browser with its key (features/exam/lib/attempt-queue.ts),
 * then sent; it leaves the queue when the server has answered. Offline, or when the send fails on the way,
 * it stays (the outcome says so: the page tells the user) and goes with the answers' flush when the
 * connection returns; a refusal for good (a 4xx) is dropped and fails the mutation.
 */
export function useCreateExamAttempt() {
  const queryClient = useQueryClient();
  const user = useSession().data?.user?.id ?? null;
  return useMutation({
    // The spec's run sends its answers; a practice run by topic or review sends them with its mode.
    mutationFn: async (input: Answers | { answers: Answers; mode: ExamAttemptMode }): Promise<AttemptOutcome> => {
      const [answers, mode] = Array.isArray(input) ? [input, 'exam' as const] : [input.answers, input.mode];
      if (!user) return { recorded: true, response: await createExamAttempt(answers, mode) };
      // The queue's code is a chunk of its own (the exam's first load stays small), kept offline by the worker.
      const { enqueueAttempt, removeQueuedAttempt } = await import('../lib/attempt-queue');
      const kept = enqueueAttempt({ user, mode, answers });
      try {
        const response = await createExamAttempt(answers, mode, kept.key);
        removeQueuedAttempt(kept.key);
        return { recorded: true, response };
      } catch (error) {
        if (!isFinalRefusal(error)) return { recorded: false };
        removeQueuedAttempt(kept.key);
        throw error;
      }
    },
    // Offline too: a failed send is kept and goes when the connection returns.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (!outcome.recorded) return;
      return Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.attempts() }), queryClient.invalidateQueries({ queryKey: examKeys.readiness() })]);
    },
  });
}
