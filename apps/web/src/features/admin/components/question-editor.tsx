import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { EXAM_TOPICS, type ExamQuestion } from '@medallion/contracts/exam';
import { updateExamQuestionRequestSchema, type UpdateExamQuestionRequest } from '@medallion/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type TextareaHTMLAttributes } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { adminKeys } from '@/lib/queries/admin';
import { useUpdateExamQuestion } from '../api/exam-reports';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { errorText } from '@/lib/error-text';

const CONTROL =
  'block w-full rounded-lg border bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-info focus:outline-none focus:ring-2 focus:ring-info/30';

function toForm(q: ExamQuestion): UpdateExamQuestionRequest {
  return {
    topic: q.topic,
    question: { en: q.question, ru: q.question_rus },
    explanation: { en: q.explanation, ru: q.explanation_rus },
    source: q.source,
    answers: q.answers.map((a) => ({ en: a.answer, ru: a.answer_rus, correct: a.correct })),
  };
}

/** A compact labelled textarea with its error under it (the editor holds ten of them). */
function Text({ label, error, ...props }: { label: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(CONTROL, 'resize-y', error ? 'border-danger' : 'border-slate-300')}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Edit": the question in English and Russian side by side, one radio for the correct answer. Used for
 * reported questions and in the list of all questions; a save updates both lists.
 */
export function QuestionEditor({ question }: { question: ExamQuestion }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const update = useUpdateExamQuestion();
  const queryClient = useQueryClient();
  const topicId = useId();
  const sourceId = useId();
  const form = useForm<UpdateExamQuestionRequest>({ resolver: zodResolver(updateExamQuestionRequestSchema), defaultValues: toForm(question) });
  const { errors } = form.formState;
  const v = (e?: FieldError | { message?: string }) => (e?.message ? t(`common:messages.${e.message}`) : undefined);
  const answers = useWatch({ control: form.control, name: 'answers' });
  const answersError = v(errors.answers?.root ?? (errors.answers as FieldError | undefined));

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { questionId: question.question_id, body },
      {
        onSuccess: ({ data: saved }) => {
          queryClient.setQueryData<ExamQuestion[]>(adminKeys.examQuestions(), (old) => old?.map((q) => (q.question_id === saved.question_id ? saved : q)));
          toast.success(t('exam.saved', { n: question.position }));
          setOpen(false);
        },
        onError: (error) => toast.error(errorText(error)),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(toForm(question));
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('exam.editTitle', { n: question.position })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('exam.edit')}
        </Button>
      </DialogTrigger>
      <DialogCard width="5xl" className="p-5">
        <DialogHeader className="mb-1" title={t('exam.editTitle', { n: question.position })} closeLabel={t('review.close')} />
        <DialogDescription className="mb-4 text-sm text-slate-600">{t('exam.editDescription', { id: question.question_id })}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
            <div className="flex flex-col gap-1">
              <label htmlFor={topicId} className="text-xs font-semibold text-slate-700">
                {t('exam.topic')}
              </label>
              <select id={topicId} className={cn(CONTROL, 'border-slate-300')} {...form.register('topic')}>
                {EXAM_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`exam.topics.${topic}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={sourceId} className="text-xs font-semibold text-slate-700">
                {t('exam.source')}
              </label>
              <input
                id={sourceId}
                maxLength={300}
                aria-invalid={errors.source ? true : undefined}
                className={cn(CONTROL, errors.source ? 'border-danger' : 'border-slate-300')}
                {...form.register('source')}
              />
              {errors.source && (
                <p role="alert" className="text-xs font-medium text-danger-text">
                  {v(errors.source)}
                </p>
              )}
            </div>
          </div>

          <div className="grid gap-3 md:grid-cols-2">
            <Text label={t('exam.questionEn')} rows={3} error={v(errors.question?.en)} {...form.register('question.en')} />
            <Text label={t('exam.questionRu')} rows={3} lang="ru" error={v(errors.question?.ru)} {...form.register('question.ru')} />
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t('exam.answersLegend')}</legend>
            {answers.map((answer, i) => (
              <div
                key={i}
                className={cn(
                  'grid items-start gap-2 rounded-lg border p-2 md:grid-cols-[7rem_1fr_1fr]',
                  answer.correct ? 'border-success/60 bg-success/5' : 'border-slate-200',
                )}
              >
                <label className="flex items-center gap-2 pt-1 text-sm font-medium">
                  <input
                    type="radio"
                    name="correct-answer"
                    className="size-4 accent-asphalt"
                    checked={answer.correct}
                    onChange={() => answers.forEach((_a, j) => form.setValue(`answers.${j}.correct`, j === i, { shouldDirty: true }))}
                  />
                  {t('exam.correctN', { n: i + 1 })}
                </label>
                <Text label={t('exam.answerEn', { n: i + 1 })} rows={2} error={v(errors.answers?.[i]?.en)} {...form.register(`answers.${i}.en`)} />
                <Text label={t('exam.answerRu', { n: i + 1 })} rows={2} lang="ru" error={v(errors.answers?.[i]?.ru)} {...form.register(`answers.${i}.ru`)} />
              </div>
            ))}
            {answersError && (
              <p role="alert" className="text-sm font-medium text-danger-text">
                {answersError}
              </p>
            )}
          </fieldset>

          <div className="grid gap-3 md:grid-cols-2">
            <Text label={t('exam.explanationEn')} rows={4} error={v(errors.explanation?.en)} {...form.register('explanation.en')} />
            <Text label={t('exam.explanationRu')} rows={4} lang="ru" error={v(errors.explanation?.ru)} {...form.register('explanation.ru')} />
          </div>

          <DialogFormActions cancelLabel={t('review.cancel')} submitLabel={t('exam.save')} pending={update.isPending} pendingLabel={t('exam.saving')} />
        </form>
      </DialogCard>
    </Dialog>
  );
}
