import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ApiClientError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useExamAttempts } from '../api/get-exam-attempts';

/**
 * Dashboard "Your attempts": date, score and pass/fail of each finished exam, newest first, and a way to
 * practise only the questions answered wrongly in it (/exam?practice={attemptId}).
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
        <p className="text-slate-600">{attempts.isError ? attempts.error.message : t('attempts.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm sm:text-base" data-testid="exam-attempts">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">{t('attempts.date')}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t('attempts.score')}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t('attempts.result')}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t('attempts.mistakes')}</th>
              </tr>
            </thead>
            <tbody>
              {attempts.data.map((a) => (
                <tr key={a.attempt_id} className="border-t border-slate-200">
                  <td className="px-4 py-2">{date.format(new Date(a.created_at))}</td>
                  <td className="px-4 py-2">{t('attempts.scoreValue', { score: a.score, total: a.total })}</td>
                  <td className={cn('px-4 py-2 font-semibold', a.passed ? 'text-success-text' : 'text-danger-text')}>
                    {a.passed ? t('attempts.passed') : t('attempts.failed')}
                  </td>
                  <td className="px-4 py-2">
                    {a.wrong_question_ids.length === 0 ? (
                      <span className="text-slate-600">{t('attempts.noMistakes')}</span>
                    ) : (
                      <Link
                        to={`/exam?practice=${encodeURIComponent(a.attempt_id)}`}
                        aria-label={t('attempts.practiceLabel', { count: a.wrong_question_ids.length, date: date.format(new Date(a.created_at)) })}
                        className={cn(buttonClasses('outline', 'sm'), 'whitespace-nowrap')}
                      >
                        <Target aria-hidden="true" className="size-4" />
                        {t('attempts.practice', { count: a.wrong_question_ids.length })}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
