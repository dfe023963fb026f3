import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamQuestionResponse, ExamReportsResponse, ResolveExamReportResponse, UpdateExamQuestionRequest } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from '@/lib/queries/admin';
import { examKeys } from '@/lib/queries/exam';

/** POST /admin/exam/reports/{id}/resolve: the report leaves the list (and its question, with its last report). */
export function resolveExamReport(reportId: string): Promise<ResolveExamReportResponse> {
  return apiFetch<ResolveExamReportResponse>(`/admin/exam/reports/${encodeURIComponent(reportId)}/resolve`, { method: 'POST' });
}

export function useResolveExamReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveExamReport,
    onSuccess: (_data, reportId) => {
      queryClient.setQueryData<ExamReportsResponse>(adminKeys.examReports(), (old) =>
        old
          ? {
              data: old.data.map((g) => ({ ...g, reports: g.reports.filter((r) => r.report_id !== reportId) })).filter((g) => g.reports.length > 0),
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.examReports() });
    },
  });
}

/** PUT /admin/exam/questions/{id}: the whole question in both languages. */
export function updateExamQuestion(input: { questionId: string; body: UpdateExamQuestionRequest }): Promise<ExamQuestionResponse> {
  return apiFetch<ExamQuestionResponse>(`/admin/exam/questions/${encodeURIComponent(input.questionId)}`, {
    method: 'PUT',
    body: input.body,
  });
}

export function useUpdateExamQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExamQuestion,
    onSuccess: ({ data: question }) => {
      queryClient.setQueryData<ExamReportsResponse>(adminKeys.examReports(), (old) =>
        old ? { data: old.data.map((g) => (g.question.question_id === question.question_id ? { ...g, question } : g)) } : old,
      );
      // The exam itself shows the new text on its next load.
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
  });
}
