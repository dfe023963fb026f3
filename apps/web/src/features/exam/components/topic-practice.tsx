import { BookOpen, LockKeyhole, SearchX, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_TOPICS, type ExamTopic } from '@medallion/contracts/exam-constants';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { cn } from '@/lib/cn';
import { useExamModes, useExamQuestions } from '@/lib/queries/exam';
import { signInPath } from '@/lib/sign-in-path';
import { ExamRunner, ExamSkeleton } from './exam-runner';
import { Notice, UnlockLink } from './practice-notice';

const isTopic = (value: string): value is ExamTopic => (EXAM_TOPICS as readonly string[]).includes(value);

/** The six topics as links, with their question counts when known. */
function TopicLinks({ current }: { current?: ExamTopic }) {
  const { t } = useTranslation('exam');
  const modes = useExamModes();
  const counts = new Map(modes.data?.topics.map((x) => [x.topic, x.count]));
  return (
    <ul className="flex flex-wrap justify-center gap-2">
      {EXAM_TOPICS.map((topic) => (
        <li key={topic}>
          <Link
            to={`/exam?topic=${topic}`}
            aria-current={topic === current ? 'page' : undefined}
            className={cn(buttonClasses(topic === current ? 'dark' : 'outline', 'sm'), 'rounded-full')}
          >
            {t(`topics.${topic}`)}
            {counts.has(topic) && <span className="tabular-nums opacity-70">{counts.get(topic)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /exam?topic={topic}: only that topic's questions the user may take, run with the spec's feedback and
 * stored as a 'topic' attempt; the topic's locked questions are counted with the way to unlock them. An
 * unknown topic gets a notice with the list of topics.
 */
export function TopicPractice({ topic, signedIn }: { topic: string; signedIn: boolean }) {
  const { t } = useTranslation('exam');
  const questions = useExamQuestions();
  const modes = useExamModes();
  const [round, setRound] = useState(0);
  const known = isTopic(topic) ? topic : null;
  const set = useMemo(() => {
    if (!known || !questions.data) return null;
    const available = questions.data.data.data.filter((q) => q.topic === known);
    const inBank = modes.data?.topics.find((x) => x.topic === known)?.count ?? available.length;
    return { questions: available, locked: questions.data.data.full_access ? 0 : Math.max(0, inBank - available.length) };
  }, [known, questions.data, modes.data]);

  const fullExam = (
    <Link to="/exam" className={buttonClasses('outline', 'md')}>
      {t('practice.fullExam')}
    </Link>
  );
  const unlock = signedIn ? (
    <UnlockLink className="shrink-0" />
  ) : (
    <Link to={signInPath(`/exam?topic=${topic}`)} className={cn(buttonClasses('primary', 'md'), 'shrink-0')}>
      {t('paywall.signIn')}
    </Link>
  );

  if (!known) {
    return (
      <Notice icon={<SearchX aria-hidden="true" className="size-8" />} title={t('topicPractice.unknownTitle')} actions={fullExam}>
        <p className="mb-4">{t('topicPractice.unknownText')}</p>
        <TopicLinks />
      </Notice>
    );
  }
  if (questions.isError) return <ErrorState message={t('loadError')} retryLabel={t('retry')} onRetry={() => void questions.refetch()} />;
  if (!set) return <ExamSkeleton />;
  const name = t(`topics.${known}`);
  if (set.questions.length === 0) {
    return (
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="size-8" />}
        title={set.locked > 0 ? t('topicPractice.allLockedTitle', { topic: name, count: set.locked }) : t('topicPractice.emptyTitle', { topic: name })}
        actions={
          <>
            {set.locked > 0 && unlock}
            {fullExam}
          </>
        }
      >
        {set.locked > 0 && <p className="mb-4">{t(signedIn ? 'topicPractice.allLockedText' : 'topicPractice.allLockedGuest')}</p>}
        <TopicLinks current={known} />
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="topic-practice-title"
        data-testid="topic-banner"
        className="flex flex-col gap-3 rounded-2xl border-2 border-asphalt bg-taxi-soft p-4"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id="topic-practice-title" className="flex items-center gap-2 text-base font-bold text-asphalt sm:text-lg">
            <BookOpen aria-hidden="true" className="size-5 shrink-0" />
            {t('topicPractice.banner', { topic: name, count: set.questions.length })}
          </h2>
          <Link to="/exam" className={cn(buttonClasses('outline', 'sm'), 'shrink-0')}>
            <X aria-hidden="true" className="size-4" />
            {t('practice.exit')}
          </Link>
        </div>
        {set.locked > 0 && (
          <div className="flex flex-col gap-2 border-t border-asphalt/15 pt-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-sm text-slate-800">
              <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t(signedIn ? 'topicPractice.locked' : 'topicPractice.lockedGuest', { count: set.locked })}
            </p>
            {unlock}
          </div>
        )}
      </section>
      <ExamRunner
        key={`${known}-${round}`}
        signedIn={signedIn}
        practice={{ questions: set.questions, onRestart: () => setRound((r) => r + 1), mode: 'topic' }}
      />
    </div>
  );
}
