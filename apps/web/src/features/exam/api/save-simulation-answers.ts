import type { SaveSimulationAnswersRequest, SaveSimulationAnswersResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/**
 * PUT /exam/simulation/answers: the chosen answers of the running simulation (a later choice for a
 * question replaces the earlier). 409 after the deadline. The simulation calls it in order, one at a time.
 */
export function saveSimulationAnswers(body: SaveSimulationAnswersRequest): Promise<SaveSimulationAnswersResponse> {
  return apiFetch<SaveSimulationAnswersResponse>('/exam/simulation/answers', { method: 'PUT', body });
}
