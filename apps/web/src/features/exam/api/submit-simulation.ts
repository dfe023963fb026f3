import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamSimulationResultResponse, SubmitSimulationRequest } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys, examSimulationQueryOptions } from '@/lib/queries/exam';

/** POST /exam/simulation/submit: the server grades the simulation from the answers saved by its deadline. */
export function submitSimulation(body: SubmitSimulationRequest): Promise<ExamSimulationResultResponse> {
  return apiFetch<ExamSimulationResultResponse>('/exam/simulation/submit', { method: 'POST', body });
}

export function useSubmitSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSimulation,
    onSettled: () => {
      queryClient.setQueryData(examSimulationQueryOptions().queryKey, null);
      // The attempt, and what it changes: the readiness estimate and the review queue.
      return Promise.all([examKeys.attempts(), examKeys.readiness(), examKeys.review()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
