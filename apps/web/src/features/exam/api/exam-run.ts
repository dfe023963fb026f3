import type { ExamMode, SaveExamRunRequest, SaveExamRunResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/** PUT /exam/run (signed in): saves the run in progress; the answer carries the server's grade. */
export function saveExamRun(run: SaveExamRunRequest): Promise<SaveExamRunResponse> {
  return apiFetch<SaveExamRunResponse>('/exam/run', { method: 'PUT', body: run });
}

/** DELETE /exam/run?mode= (signed in): "Start over". */
export function deleteExamRun(mode: ExamMode): Promise<unknown> {
  return apiFetch<unknown>('/exam/run', { method: 'DELETE', query: { mode } });
}
