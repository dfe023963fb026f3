import { CheckCircle2, Target, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ApiClientError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useExamAttempts } from '@/lib/queries/exam';
import { errorText } from '@/lib/error-text';

/**
 * Dashboard "Your attempts": date, score and pass/fail of each finished exam, newest first, and a way to
 * practice only the questions answered wrongly in it (/exam?practice={attemptId}).
 */
export function ExamAttempts() {
  const { t, i18n } = useTranslation('exam');
  const attempts = useExamAttempts();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (attempts.isPending || (attempts.isError && attempts.error instanceof ApiClientError && attempts.error.status === 404)) return null;
  return (
    <section aria-labelledby="attempts-title" className="flex flex-col gap-3">
      <h2 id="attempts-title" className="text-xl font-bold">
        {t('attempts.title')}
      </h2>
      {attempts.isError || attempts.data.length === 0 ? (
        <p className="text-slate-600">{attempts.isError ? errorText(attempts.error) : t('attempts.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-labelledby="attempts-title" data-testid="exam-attempts">
          {attempts.data.map((a) => {
            const when = date.format(new Date(a.created_at));
            const mistakes = a.wrong_question_ids.length;
            const Icon = a.passed ? CheckCircle2 : XCircle;
            return (
              <li
                key={a.attempt_id}
                data-testid="exam-attempt"
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 pl-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="font-semibold text-asphalt">
                    <time dateTime={a.created_at}>{when}</time>
                  </p>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                    <span>
                      <span className="sr-only">{t('attempts.score')}: </span>
                      {t('attempts.scoreValue', { score: a.score, total: a.total })}
                    </span>
                    <span className={cn('inline-flex items-center gap-1 font-semibold', a.passed ? 'text-success-text' : 'text-danger-text')}>
                      <Icon aria-hidden="true" className="size-4" />
                      {a.passed ? t('attempts.passed') : t('attempts.failed')}
                    </span>
                  </p>
                </div>
                {mistakes === 0 ? (
                  <p className="text-sm text-slate-600">{t('attempts.noMistakes')}</p>
                ) : (
                  <Link
                    to={`/exam?practice=${encodeURIComponent(a.attempt_id)}`}
                    aria-label={t('attempts.practiceLabel', { count: mistakes, date: when })}
                    className={cn(buttonClasses('outline', 'sm'), 'min-h-11 w-full shrink-0 sm:w-auto')}
                  >
                    <Target aria-hidden="true" className="size-4" />
                    {t('attempts.practice', { count: mistakes })}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
