import { CalendarCheck, LockKeyhole, Repeat, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useExamQuestions, useExamReview } from '@/lib/queries/exam';
import { signInPath } from '@/lib/sign-in-path';
import { practiceSet } from '../lib/practice-set';
import { formatReviewDate, isTomorrow } from '../lib/review-dates';
import { ExamRunner } from './exam-runner';
import { Notice, UnlockLink } from './practice-notice';

const REVIEW_PATH = '/exam?mode=review';

/** "Reviewing N questions due today": what is running, what is locked, and the way out. */
function ReviewBanner({ count, locked }: { count: number; locked: number }) {
  const { t } = useTranslation('exam');
  return (
    <section aria-labelledby="review-title" data-testid="review-banner" className="flex flex-col gap-3 rounded-2xl border-2 border-asphalt bg-taxi-soft p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 id="review-title" className="flex items-center gap-2 text-base font-bold text-asphalt sm:text-lg">
          <Repeat aria-hidden="true" className="size-5 shrink-0" />
          {t('review.banner', { count })}
        </h2>
        <Link to="/exam" className={cn(buttonClasses('outline', 'sm'), 'shrink-0')}>
          <X aria-hidden="true" className="size-4" />
          {t('review.exit')}
        </Link>
      </div>
      <p className="text-sm text-slate-800">{t('review.how')}</p>
      {locked > 0 && (
        <div className="flex flex-col gap-2 border-t border-asphalt/15 pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-slate-800">
            <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('review.locked', { count: locked })}
          </p>
          <UnlockLink className="shrink-0" />
        </div>
      )}
    </section>
  );
}

/**
 * /exam?mode=review: the questions of the user's review queue due today (spaced repetition: a missed
 * question returns until it is answered right on 2 later days), run with feedback as in the spec's run.
 * The set is taken when the run starts: the answers change the queue, not the run in progress.
 */
export function ReviewExam({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation('exam');
  const review = useExamReview(signedIn);
  const questions = useExamQuestions();
  const [round, setRound] = useState(0);
  // The due ids of this round, fixed when the round starts (a restart takes the queue as it is then).
  const [dueIds, setDueIds] = useState<string[] | null>(null);
  const [restarting, setRestarting] = useState(false);
  // The first round: the queue as the server answers it now (not a copy cached before this page).
  if (dueIds === null && !restarting && review.data && !review.isFetching) setDueIds(review.data.due);

  const set = useMemo(
    () => (dueIds && questions.data ? practiceSet(dueIds, questions.data.data.data, questions.data.data.full_access) : null),
    [dueIds, questions.data],
  );
  const ordered = useMemo(() => {
    if (!set || !dueIds) return [];
    const byId = new Map<string, ExamQuestion>(set.questions.map((q) => [q.question_id, q]));
    return dueIds.flatMap((id) => byId.get(id) ?? []);
  }, [set, dueIds]);

  const fullExam = (
    <Link to="/exam" className={buttonClasses('outline', 'md')}>
      {t('practice.fullExam')}
    </Link>
  );

  if (!signedIn) {
    return (
      <Notice
        icon={<Repeat aria-hidden="true" className="size-8" />}
        title={t('review.signInTitle')}
        actions={
          <>
            <Link to={signInPath(REVIEW_PATH)} className={buttonClasses('primary', 'md')}>
              {t('paywall.signIn')}
            </Link>
            {fullExam}
          </>
        }
      >
        {t('review.signInText')}
      </Notice>
    );
  }
  if (review.isError || questions.isError) {
    return (
      <ErrorState message={t('review.loadError')} retryLabel={t('retry')} onRetry={() => void (review.isError ? review.refetch() : questions.refetch())} />
    );
  }
  if (!set || restarting) return <Spinner label={t('common:loading')} className="py-16 text-slate-500" />;
  if (set.questions.length === 0 && set.locked === 0) {
    const next = review.data?.next_due_on ?? null;
    return (
      <Notice
        icon={<CalendarCheck aria-hidden="true" className="size-8" />}
        title={next ? (isTomorrow(next) ? t('review.emptyTomorrowTitle') : t('review.emptyLaterTitle')) : t('review.emptyNoneTitle')}
        actions={fullExam}
      >
        <p data-testid="review-empty">{next ? t('review.emptyNext', { date: formatReviewDate(next, i18n.language) }) : t('review.emptyNoneText')}</p>
      </Notice>
    );
  }
  if (set.questions.length === 0) {
    return (
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="size-8" />}
        title={t('review.allLockedTitle', { count: set.locked })}
        actions={
          <>
            <UnlockLink />
            {fullExam}
          </>
        }
      >
        {t('review.allLockedText')}
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ReviewBanner count={ordered.length} locked={set.locked} />
      <ExamRunner
        key={round}
        signedIn
        practice={{
          questions: ordered,
          mode: 'review',
          onRestart: () => {
            // "Practice again": the queue read again (the answers just given changed it), then the next round.
            setRestarting(true);
            void review.refetch().then((result) => {
              setDueIds(result.data?.due ?? []);
              setRound((r) => r + 1);
              setRestarting(false);
            });
          },
        }}
      />
    </div>
  );
}
