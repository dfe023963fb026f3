import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportIssueOption, ReportQuestionResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

export interface ReportQuestionInput {
  questionId: string;
  selectedList: ReportIssueOption[];
  otherIssue: string;
}

/** POST /exam/questions/issue: `issue` is sent as JSON text. Once per question (409 after). */
export function reportQuestion(input: ReportQuestionInput): Promise<ReportQuestionResponse> {
  return apiFetch<ReportQuestionResponse>('/exam/questions/issue', {
    method: 'POST',
    body: { question_id: input.questionId, issue: JSON.stringify({ selectedList: input.selectedList, otherIssue: input.otherIssue }) },
  });
}

export function useReportQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportQuestion,
    onSuccess: (_data, input) => {
      queryClient.setQueryData<string[]>(examKeys.reported(), (ids) => [...(ids ?? []), input.questionId]);
    },
  });
}
