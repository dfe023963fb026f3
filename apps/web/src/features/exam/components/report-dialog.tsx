import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportQuestionFormSchema, type ReportQuestionForm } from '@medallion/contracts/exam';
import { REPORT_ISSUE_OPTIONS } from '@medallion/contracts/exam-constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogClose, DialogDescription, DialogHeader } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { useReportQuestion } from '../api/report-question';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';

/** The server names the report's fields under `issue` (the request's JSON text); the form has them at the top. */
function reportFieldPath(path: string): keyof ReportQuestionForm | undefined {
  if (path === 'issue' || path === 'issue.selectedList') return 'selectedList';
  if (path === 'issue.otherIssue') return 'otherIssue';
  return undefined;
}

/**
 * The "Report an issue" popup, open while it is rendered: ReportButton loads it on the
 * first click and mounts it afresh each time, so every report starts empty.
 */
export function ReportDialog({ questionId, onClose }: { questionId: string; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation('exam');
  const form = useForm<ReportQuestionForm>({
    resolver: zodResolver(reportQuestionFormSchema),
    defaultValues: { selectedList: [], otherIssue: '' },
  });
  const { errors } = form.formState;
  const report = useReportQuestion();
  const errorId = useId();
  const otherId = useId();
  const error = errors.root?.server?.message ?? keyText(errors.selectedList?.message ?? errors.otherIssue?.message);

  const send = form.handleSubmit(({ selectedList = [], otherIssue = '' }) => {
    report.mutate(
      { questionId, selectedList, otherIssue },
      {
        onSuccess: () => {
          toast.success(t('toasts.feedback'));
          onClose(true);
        },
        onError: (e) => {
          if (e instanceof ApiClientError && e.status === 409) form.setError('root.server', { message: t('reportDialog.already') });
          else if (!applyFieldErrors(form, e, reportFieldPath)) form.setError('root.server', { message: errorText(e) });
        },
      },
    );
  });
  return (
    <Dialog open onOpenChange={(next) => !next && onClose(false)}>
      <DialogCard>
        <DialogHeader className="mb-2" title={t('reportDialog.title')} closeLabel={t('reportDialog.close')} />
        <DialogDescription className="mb-4 text-slate-700">{t('reportDialog.description')}</DialogDescription>
        <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
          <legend className="sr-only">{t('reportDialog.title')}</legend>
          <Controller
            control={form.control}
            name="selectedList"
            render={({ field }) => (
              <>
                {REPORT_ISSUE_OPTIONS.map((option) => {
                  const id = `${otherId}-${option}`;
                  const list = field.value ?? [];
                  return (
                    <div key={option} className="flex min-h-11 items-center gap-3">
                      <Checkbox.Root
                        id={id}
                        checked={list.includes(option)}
                        onCheckedChange={(value) => {
                          field.onChange(value === true ? [...list, option] : list.filter((o) => o !== option));
                          form.clearErrors();
                        }}
                        className="flex size-6 shrink-0 items-center justify-center rounded border-2 border-slate-400 bg-white data-[state=checked]:border-asphalt data-[state=checked]:bg-asphalt"
                      >
                        <Checkbox.Indicator>
                          <Check aria-hidden="true" className="size-4 text-white" />
                        </Checkbox.Indicator>
                      </Checkbox.Root>
                      <label htmlFor={id} className="flex-1 cursor-pointer py-2">
                        {t(`reportDialog.options.${option}`)}
                      </label>
                    </div>
                  );
                })}
              </>
            )}
          />
        </fieldset>
        <label htmlFor={otherId} className="mt-3 block font-semibold">
          {t('reportDialog.other')}
        </label>
        <textarea
          id={otherId}
          maxLength={1000}
          rows={3}
          {...form.register('otherIssue', { onChange: () => form.clearErrors() })}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 w-full rounded-lg border border-slate-300 p-3"
        />
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-danger-text">
            {error}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">{t('reportDialog.cancel')}</Button>
          </DialogClose>
          <Button onClick={() => void send()} disabled={report.isPending}>
            {report.isPending && <Spinner label={t('reportDialog.sending')} />}
            {report.isPending ? t('reportDialog.sending') : t('reportDialog.send')}
          </Button>
        </div>
      </DialogCard>
    </Dialog>
  );
}
