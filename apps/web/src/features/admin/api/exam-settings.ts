import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamSettings, ExamSettingsResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examSettingsQueryOptions } from '@/lib/queries/admin';
import { examKeys } from '@/lib/queries/exam';

/** PUT /admin/exam/settings (staff): the timed simulation's length (1–240 minutes). */
export function updateExamSettings(body: ExamSettings): Promise<ExamSettingsResponse> {
  return apiFetch<ExamSettingsResponse>('/admin/exam/settings', { method: 'PUT', body });
}

export function useUpdateExamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExamSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(examSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: examKeys.modes() });
    },
  });
}
