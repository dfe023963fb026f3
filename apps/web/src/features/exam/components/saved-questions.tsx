import { BookmarkX, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { useSavedQuestions } from '@/lib/queries/exam';
import { useToggleSavedQuestion } from '../api/toggle-saved-question';

/** Dashboard "Saved questions": each in the UI language with a delete icon. */
export function SavedQuestions() {
  const { t, i18n } = useTranslation('exam');
  const saved = useSavedQuestions();
  const toggle = useToggleSavedQuestion();
  const ru = i18n.language === 'ru';

  if (saved.isPending) {
    return (
      <ul aria-hidden="true" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </ul>
    );
  }
  if (saved.isError) return <ErrorState message={t('saved.error')} retryLabel={t('retry')} onRetry={() => void saved.refetch()} />;
  if (saved.data.length === 0) {
    return (
      <EmptyState icon={BookmarkX}>
        <p>{t('saved.empty')}</p>
        <Link to="/exam" className={buttonClasses('outline')}>
          {t('saved.toExam')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label={t('saved.title')} data-testid="saved-questions">
      {saved.data.map((q) => {
        const text = ru ? q.question_rus : q.question;
        return (
          <li key={q.question_id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 pl-4">
            <p className="min-w-0 flex-1 text-asphalt">{text}</p>
            <button
              type="button"
              aria-label={t('saved.remove', { question: text })}
              title={t('unsave')}
              onClick={() =>
                toggle.mutate(
                  { questionId: q.question_id },
                  {
                    onSuccess: () => toast.success(t('toasts.removed')),
                    onError: () => toast.error(t('toasts.saveFailed')),
                  },
                )
              }
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-danger-text hover:bg-danger/10"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
