import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useExamReview } from '@/lib/queries/exam';
import { formatReviewDate } from '../lib/review-dates';

/**
 * "Due for review (N)": the user's review queue at a glance, with the way into it (/exam?mode=review).
 * Shown to signed-in users with something in the queue; nothing otherwise (nor while it loads).
 */
export function ReviewDueCard({ signedIn = true, className }: { signedIn?: boolean; className?: string }) {
  const { t, i18n } = useTranslation('exam');
  const review = useExamReview(signedIn);
  if (!signedIn || !review.data || review.data.total === 0) return null;
  const { due, next_due_on: next } = review.data;
  return (
    <section
      aria-labelledby="review-due-title"
      data-testid="review-due-card"
      className={cn('flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
          <Repeat aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id="review-due-title" className="font-bold text-asphalt">
            {t('review.cardTitle', { count: due.length })}
          </h2>
          <p className="text-sm text-slate-700">
            {due.length > 0
              ? t('review.cardDue', { count: due.length })
              : next
                ? t('review.cardNothing', { date: formatReviewDate(next, i18n.language) })
                : t('review.how')}
          </p>
        </div>
      </div>
      {due.length > 0 && (
        <Link to="/exam?mode=review" className={cn(buttonClasses('primary', 'md'), 'w-full shrink-0 sm:w-auto')}>
          {t('review.start')}
        </Link>
      )}
    </section>
  );
}
