import { LockKeyhole, SearchX, Target, Trophy, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useExamAttempt, useExamQuestions } from '@/lib/queries/exam';
import { signInPath } from '@/lib/sign-in-path';
import { practiceSet } from '../lib/practice-set';
import { ExamRunner } from './exam-runner';
import { Notice, UnlockLink } from './practice-notice';

const ATTEMPTS_PATH = '/dashboard?tab=saved';

/** "Practicing N questions you got wrong": what is running, what is locked, and the way out. */
function PracticeBanner({ count, locked }: { count: number; locked: number }) {
  const { t } = useTranslation('exam');
  return (
    <section
      aria-labelledby="practice-title"
      data-testid="practice-banner"
      className="flex flex-col gap-3 rounded-2xl border-2 border-asphalt bg-taxi-soft p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="practice-title" className="flex items-center gap-2 text-base font-bold text-asphalt sm:text-lg">
          <Target aria-hidden="true" className="size-5 shrink-0" />
          {t('practice.banner', { count })}
        </h2>
        <Link to={ATTEMPTS_PATH} className={cn(buttonClasses('outline', 'sm'), 'shrink-0')}>
          <X aria-hidden="true" className="size-4" />
          {t('practice.exit')}
        </Link>
      </div>
      {locked > 0 && (
        <div className="flex flex-col gap-2 border-t border-asphalt/15 pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-slate-800">
            <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('practice.locked', { count: locked })}
          </p>
          <UnlockLink className="shrink-0" />
        </div>
      )}
    </section>
  );
}

/**
 * /exam?practice={attemptId}: the questions answered wrongly in one of the user's attempts, run again
 * without the intro; questions beyond the user's access are counted as locked with a way to unlock.
 */
export function PracticeExam({ attemptId, signedIn }: { attemptId: string; signedIn: boolean }) {
  const { t } = useTranslation('exam');
  const attempt = useExamAttempt(attemptId, signedIn);
  const questions = useExamQuestions();
  const [round, setRound] = useState(0);
  const set = useMemo(
    () => (attempt.data && questions.data ? practiceSet(attempt.data.wrong_question_ids, questions.data.data.data, questions.data.data.full_access) : null),
    [attempt.data, questions.data],
  );

  const fullExam = (
    <Link to="/exam" className={buttonClasses('outline', 'md')}>
      {t('practice.fullExam')}
    </Link>
  );
  const backToAttempts = (
    <Link to={ATTEMPTS_PATH} className={buttonClasses('primary', 'md')}>
      {t('practice.toAttempts')}
    </Link>
  );

  if (!signedIn) {
    return (
      <Notice
        icon={<Target aria-hidden="true" className="size-8" />}
        title={t('practice.signInTitle')}
        actions={
          <>
            <Link to={signInPath(`/exam?practice=${attemptId}`)} className={buttonClasses('primary', 'md')}>
              {t('paywall.signIn')}
            </Link>
            {fullExam}
          </>
        }
      >
        {t('practice.signInText')}
      </Notice>
    );
  }
  if (attempt.isError && attempt.error instanceof ApiClientError && attempt.error.status === 404) {
    return (
      <Notice
        icon={<SearchX aria-hidden="true" className="size-8" />}
        title={t('practice.notFoundTitle')}
        actions={
          <>
            {backToAttempts}
            {fullExam}
          </>
        }
      >
        {t('practice.notFoundText')}
      </Notice>
    );
  }
  if (attempt.isError || questions.isError) {
    return (
      <ErrorState message={t('practice.loadError')} retryLabel={t('retry')} onRetry={() => void (attempt.isError ? attempt.refetch() : questions.refetch())} />
    );
  }
  if (!set) return <Spinner label={t('common:loading')} className="py-16 text-slate-500" />;
  if (set.questions.length === 0 && set.locked === 0) {
    return (
      <Notice
        icon={<Trophy aria-hidden="true" className="size-8" />}
        title={t('practice.noMistakesTitle')}
        actions={
          <>
            {backToAttempts}
            {fullExam}
          </>
        }
      >
        {t('practice.noMistakesText')}
      </Notice>
    );
  }
  if (set.questions.length === 0) {
    return (
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="size-8" />}
        title={t('practice.allLockedTitle', { count: set.locked })}
        actions={
          <>
            <UnlockLink />
            <Link to={ATTEMPTS_PATH} className={buttonClasses('outline', 'md')}>
              {t('practice.toAttempts')}
            </Link>
          </>
        }
      >
        {t('practice.allLockedText')}
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PracticeBanner count={set.questions.length} locked={set.locked} />
      <ExamRunner key={round} signedIn practice={{ questions: set.questions, onRestart: () => setRound((r) => r + 1) }} />
    </div>
  );
}
