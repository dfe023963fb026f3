import { zodResolver } from '@hookform/resolvers/zod';
import { Timer } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { examSettingsSchema } from '@medallion/contracts/exam';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useExamSettings } from '@/lib/queries/admin';
import { useUpdateExamSettings } from '../api/exam-settings';

/** What staff type (a text field), checked by the contract's schema on the number it converts to. */
const formSchema = z.object({
  timed_minutes: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'examTimedMinutesRange')
    .transform(Number)
    .pipe(examSettingsSchema.shape.timed_minutes),
});
type SettingsForm = z.input<typeof formSchema>;

/** The exam's settings: the timed simulation's length (1–240 minutes); a running simulation keeps its own. */
export function ExamSettingsCard() {
  const { t } = useTranslation('admin');
  const settings = useExamSettings();
  const update = useUpdateExamSettings();
  const form = useForm<SettingsForm, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { timed_minutes: '' } });
  const current = settings.data?.data.timed_minutes;
  const { reset } = form;
  useEffect(() => {
    if (current !== undefined) reset({ timed_minutes: String(current) });
  }, [current, reset]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { timed_minutes: values.timed_minutes },
      {
        onSuccess: ({ data }) => toast.success(t('examSettings.saved', { count: data.timed_minutes })),
        onError: (error) => {
          if (!applyFieldErrors(form, error, ['timed_minutes'])) toast.error(errorText(error));
        },
      },
    ),
  );

  return (
    <section aria-labelledby="exam-settings-title" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="exam-settings">
      <h2 id="exam-settings-title" className="flex items-center gap-2 font-bold">
        <Timer aria-hidden="true" className="size-5" />
        {t('examSettings.title')}
      </h2>
      {settings.isError ? (
        <ErrorState message={errorText(settings.error)} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Spinner label={t('common:loading')} className="text-slate-500" />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="sm:w-72">
            <TextField
              label={t('examSettings.minutes')}
              hint={t('examSettings.hint')}
              inputMode="numeric"
              autoComplete="off"
              className="sm:w-32"
              error={keyText(form.formState.errors.timed_minutes?.message)}
              {...form.register('timed_minutes')}
            />
          </div>
          <Button type="submit" variant="dark" disabled={update.isPending} className="sm:mt-[1.625rem]">
            {update.isPending && <Spinner label={t('exam.saving')} />}
            {t('examSettings.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
