import { BookOpen, ChevronDown, ListChecks, Timer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_QUESTION_COUNT, EXAM_TOPICS } from '@medallion/contracts/exam-constants';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useExamModes } from '@/lib/queries/exam';

/** One way to practice: an icon, a title and a line, and its way in. */
export function PracticeModeCard({
  icon,
  title,
  children,
  testId,
  className,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <li className={cn('flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:p-4', className)} data-testid={testId}>
      <h3 className="flex items-center gap-2 font-bold text-asphalt">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-taxi-soft text-asphalt">{icon}</span>
        {title}
      </h3>
      <div className="flex flex-1 flex-col gap-2 text-sm text-slate-700">{children}</div>
    </li>
  );
}

/**
 * "Ways to practice" on /exam: the full practice exam (the run below), the timed simulation (its length
 * from the staff's setting) and practice by topic (the six topics with their question counts).
 * `children` are more cards (PracticeModeCard), e.g. "Due for review (N)". On phones the panel is one
 * row that opens on a tap, so the exam stays first on the screen; from 640 px it is open.
 */
export function PracticeModes({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('exam');
  const modes = useExamModes();
  const [open, setOpen] = useState(false);
  const counts = new Map(modes.data?.topics.map((x) => [x.topic, x.count]));
  const minutes = modes.data?.timed_minutes;
  const questionCount = modes.data?.question_count ?? EXAM_QUESTION_COUNT;
  return (
    <section aria-labelledby="practice-modes-title" className="rounded-2xl border border-slate-200 bg-paper p-3 sm:p-4" data-testid="practice-modes">
      <div className="flex items-center justify-between gap-3">
        <h2 id="practice-modes-title" className="text-base font-bold text-asphalt sm:text-lg">
          {t('modes.title')}
        </h2>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="practice-modes-list"
          className="flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-asphalt hover:bg-slate-100 sm:hidden"
        >
          {open ? t('modes.hide') : t('modes.show')}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </div>
      <ul id="practice-modes-list" className={cn('mt-3 grid gap-2 sm:grid sm:grid-cols-2 sm:gap-3', open ? 'grid' : 'hidden')}>
        <PracticeModeCard icon={<ListChecks aria-hidden="true" className="size-4" />} title={t('modes.examTitle')} testId="mode-exam">
          <p>{t('modes.examText', { count: questionCount })}</p>
          <p className="mt-auto text-xs font-semibold uppercase tracking-wide text-slate-500">{t('modes.examHere')}</p>
        </PracticeModeCard>
        <PracticeModeCard icon={<Timer aria-hidden="true" className="size-4" />} title={t('modes.timedTitle')} testId="mode-timed">
          <p>{minutes ? t('modes.timedText', { count: questionCount, minutes }) : t('modes.timedTextNoLength', { count: questionCount })}</p>
          <Link to="/exam?mode=timed" className={cn(buttonClasses('dark', 'sm'), 'mt-auto self-start')}>
            {t('modes.timedStart')}
          </Link>
        </PracticeModeCard>
        <PracticeModeCard icon={<BookOpen aria-hidden="true" className="size-4" />} title={t('modes.topicTitle')} testId="mode-topic" className="sm:col-span-2">
          <ul className="flex flex-wrap gap-1.5" aria-label={t('modes.topicTitle')}>
            {EXAM_TOPICS.map((topic) => (
              <li key={topic}>
                <Link
                  to={`/exam?topic=${topic}`}
                  aria-label={counts.has(topic) ? t('modes.topicLink', { topic: t(`topics.${topic}`), count: counts.get(topic) }) : undefined}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-asphalt hover:border-asphalt"
                >
                  {t(`topics.${topic}`)}
                  {counts.has(topic) && (
                    <span className="rounded-full bg-slate-100 px-1.5 text-xs font-semibold tabular-nums text-slate-600">{counts.get(topic)}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </PracticeModeCard>
        {children}
      </ul>
    </section>
  );
}
