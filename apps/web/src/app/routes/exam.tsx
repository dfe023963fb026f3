import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { lazyNamed } from '@/components/ui/lazy';
import { PageHead } from '@/components/ui/page-head';
import { useSession } from '@/lib/queries/auth';
import { ExamRunner, ExamSkeleton } from '@/features/exam/components/exam-runner';
import { OfflineStatus } from '@/features/exam/components/offline-status';
import { PracticeModes } from '@/features/exam/components/practice-modes';

/** "Practice my mistakes" (?practice=) is reached from the dashboard, not on a first visit: its own chunk. */
const PracticeExam = lazyNamed(() => import('@/features/exam/components/practice-exam'), 'PracticeExam');
/** The readiness card is for signed-in users only: guests never load it. */
const ReadinessCard = lazyNamed(() => import('@/features/exam/components/readiness-card'), 'ReadinessCard');
/** The review queue's card likewise: only a signed-in user can have questions due. */
const ReviewDueCard = lazyNamed(() => import('@/features/exam/components/review-due-card'), 'ReviewDueCard');
/** The review queue (?mode=review), the timed simulation (?mode=timed) and practice by topic (?topic=): chunks of their own too. */
const ReviewExam = lazyNamed(() => import('@/features/exam/components/review-exam'), 'ReviewExam');
const TimedSimulation = lazyNamed(() => import('@/features/exam/components/timed-simulation'), 'TimedSimulation');
const TopicPractice = lazyNamed(() => import('@/features/exam/components/topic-practice'), 'TopicPractice');

/**
 * /exam: the 80-question practice exam with the ways to practice above it; /exam?practice={attemptId}
 * runs only that attempt's mistakes, /exam?mode=timed the timed simulation, /exam?topic={topic} one topic.
 */
export function ExamRoute() {
  const { t } = useTranslation('exam');
  const session = useSession();
  const [params] = useSearchParams();
  const practice = params.get('practice')?.trim();
  const review = !practice && params.get('mode') === 'review';
  const timed = !practice && params.get('mode') === 'timed';
  const topic = !practice && !timed && !review ? (params.get('topic')?.trim() ?? null) : null;
  const signedIn = Boolean(session.data?.user);
  const pageTitle = practice
    ? t('practice.pageTitle')
    : review
      ? t('review.pageTitle')
      : timed
        ? t('timed.pageTitle')
        : topic !== null
          ? t('topicPractice.pageTitle')
          : t('title');
  return (
    <Container width="narrow" className="flex flex-col gap-4 py-6 sm:py-10">
      <PageHead title={pageTitle} description={t('metaDescription')} noIndex={Boolean(practice || timed || review || topic !== null)} />
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t('title')}</h1>
      {session.isPending ? (
        <ExamSkeleton />
      ) : practice ? (
        <Suspense fallback={<ExamSkeleton />}>
          <PracticeExam key={practice} attemptId={practice} signedIn={signedIn} />
        </Suspense>
      ) : review ? (
        <Suspense fallback={<ExamSkeleton />}>
          <ReviewExam signedIn={signedIn} />
        </Suspense>
      ) : timed ? (
        <Suspense fallback={<ExamSkeleton />}>
          <TimedSimulation signedIn={signedIn} />
        </Suspense>
      ) : topic !== null ? (
        <Suspense fallback={<ExamSkeleton />}>
          <TopicPractice key={topic} topic={topic} signedIn={signedIn} />
        </Suspense>
      ) : (
        <>
          {/* Practice works offline after this visit (the service worker keeps this user's exam). */}
          <OfflineStatus user={session.isPending ? undefined : (session.data?.user?.id ?? null)} />
          <PracticeModes />
          <ExamRunner signedIn={signedIn} />
          {/* Below the run, both: they arrive after the question, and above it they would move the
              question and its answers under a finger about to tap one. */}
          {signedIn && (
            <Suspense fallback={null}>
              <ReadinessCard compact className="mt-4" />
              <ReviewDueCard className="mt-4" />
            </Suspense>
          )}
        </>
      )}
    </Container>
  );
}
