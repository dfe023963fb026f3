import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamSimulationStartedResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examQuestionsQueryOptions, examSimulationQueryOptions } from '@/lib/queries/exam';

/** POST /exam/simulation (signed in, paid access): starts the timed simulation, or answers the running one. */
export function startSimulation(): Promise<ExamSimulationStartedResponse> {
  return apiFetch<ExamSimulationStartedResponse>('/exam/simulation', { method: 'POST' });
}

export function useStartSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSimulation,
    onSuccess: ({ data }) => queryClient.setQueryData(examSimulationQueryOptions().queryKey, data),
    // 403: access ended meanwhile; the questions' full_access says so again.
    onError: () => queryClient.invalidateQueries({ queryKey: examQuestionsQueryOptions().queryKey }),
  });
}
