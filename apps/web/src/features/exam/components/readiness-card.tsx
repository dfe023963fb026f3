import { AlertTriangle, ArrowRight, CheckCircle2, ChevronDown, Gauge, XCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExamReadiness, ReadinessVerdict } from '@medallion/contracts/exam';
import { buttonClasses } from '@/components/ui/button';
import { CARD } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { cn } from '@/lib/cn';
import { useExamReadiness } from '@/lib/queries/exam';

type Readiness = ExamReadiness;

const VERDICT_STYLE: Record<ReadinessVerdict, { icon: typeof CheckCircle2; className: string }> = {
  'likely-pass': { icon: CheckCircle2, className: 'text-success-text' },
  'keep-practicing': { icon: AlertTriangle, className: 'text-asphalt' },
  'not-ready': { icon: XCircle, className: 'text-danger-text' },
};

/** Where the next step leads: the modes other parts of /exam run (?topic=, ?mode=review, ?mode=timed). */
function nextStepPath(r: Readiness): string {
  switch (r.next_step) {
    case 'practice-topic':
      return `/exam?topic=${encodeURIComponent(r.next_topic ?? '')}`;
    case 'review-due':
      return '/exam?mode=review';
    case 'take-timed':
    case 'ready':
      return '/exam?mode=timed';
    default:
      return '/exam';
  }
}

/**
 * The readiness card (signed-in users): the estimated score with a plain-words verdict, what to do
 * next, the topics (weak ones marked with a word and an icon, not only a color) and the scores of the
 * last attempts as a small chart. The server computes everything (GET /exam/readiness).
 * `compact` (on /exam, below the runner): the score and the next step, with the details folded away.
 */
export function ReadinessCard({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation('exam');
  const readiness = useExamReadiness();
  const titleId = useId();
  if (readiness.isPending) return <ReadinessSkeleton compact={compact} className={className} />;
  if (readiness.isError) {
    return (
      <section aria-labelledby={titleId} className={cn(CARD, 'flex flex-col gap-3 p-4 sm:p-5', className)}>
        <h2 id={titleId} className="text-lg font-bold">
          {t('readiness.title')}
        </h2>
        <ErrorState message={t('readiness.loadError')} retryLabel={t('retry')} onRetry={() => void readiness.refetch()} />
      </section>
    );
  }
  const r = readiness.data.data;
  const empty = r.history.length === 0;
  return (
    <section aria-labelledby={titleId} data-testid="readiness-card" className={cn(CARD, 'flex flex-col p-4 sm:p-5', compact ? 'gap-3' : 'gap-4', className)}>
      <div className="flex items-center gap-2">
        <Gauge aria-hidden="true" className="size-5 shrink-0 text-asphalt" />
        <h2 id={titleId} className={cn('font-bold', compact ? 'text-base' : 'text-lg')}>
          {t('readiness.title')}
        </h2>
      </div>
      {empty ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="readiness-empty">
          <p className="text-slate-700">{compact ? t('readiness.emptyHere') : t('readiness.empty')}</p>
          {!compact && (
            <Link to="/exam" className={cn(buttonClasses('primary', 'md'), 'shrink-0')}>
              {t('readiness.next.take-first-exam.action')}
            </Link>
          )}
        </div>
      ) : (
        <>
          {compact ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Score r={r} compact />
              <NextLink r={r} />
            </div>
          ) : (
            <Summary r={r} />
          )}
          {compact ? (
            <details className="group rounded-xl border border-slate-200">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 font-semibold text-asphalt [&::-webkit-details-marker]:hidden">
                {t('readiness.details')}
                <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
              </summary>
              <div className="flex flex-col gap-5 border-t border-slate-200 p-3">
                <div className="flex flex-col gap-1">
                  <Basis r={r} />
                  <NextText r={r} />
                </div>
                <Topics r={r} />
                <History r={r} />
              </div>
            </details>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <Topics r={r} />
              <History r={r} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The score (or how many answers are still missing) and the verdict; the basis of the estimate unless compact. */
function Score({ r, compact }: { r: Readiness; compact: boolean }) {
  const { t } = useTranslation('exam');
  const verdict = r.verdict ? VERDICT_STYLE[r.verdict] : null;
  if (r.score === null) {
    return (
      <p className="text-slate-700" data-testid="readiness-score">
        {t('readiness.notEnough', { count: r.answers_considered })}
      </p>
    );
  }
  return (
    <div className={cn('flex items-center', compact ? 'gap-3' : 'gap-4')}>
      <p className="flex items-baseline gap-0.5 text-asphalt" data-testid="readiness-score">
        <span className="sr-only">{t('readiness.scoreLabel')}: </span>
        <span className={cn('leading-none font-extrabold tabular-nums', compact ? 'text-4xl' : 'text-5xl')}>{r.score}</span>
        <span className={cn('font-bold', compact ? 'text-xl' : 'text-2xl')}>%</span>
      </p>
      <div className="flex min-w-0 flex-col gap-1">
        {verdict && r.verdict && (
          <p className={cn('flex items-center gap-1.5 font-bold', compact ? 'text-base' : 'text-lg', verdict.className)} data-testid="readiness-verdict">
            <verdict.icon aria-hidden="true" className="size-5 shrink-0" />
            {t(`readiness.verdict.${r.verdict}`)}
          </p>
        )}
        {!compact && <Basis r={r} />}
      </div>
    </div>
  );
}

/** What the score rests on, and a word when it is still a rough estimate. */
function Basis({ r }: { r: Readiness }) {
  const { t } = useTranslation('exam');
  if (r.score === null) return null;
  return (
    <p className="text-sm text-slate-600">
      {t('readiness.basis', { count: r.answers_considered, pass: Math.round(r.pass_percent) })}
      {r.confidence === 'low' && ` ${t('readiness.lowConfidence')}`}
    </p>
  );
}

/** The next step's text. */
function NextText({ r }: { r: Readiness }) {
  const { t } = useTranslation('exam');
  const topic = r.next_topic ? t(`topics.${r.next_topic}`) : '';
  return (
    <p className="text-sm text-slate-800">
      <span className="font-semibold">{t('readiness.nextTitle')}: </span>
      {t(`readiness.next.${r.next_step}.text`, { topic, count: r.review_due })}
    </p>
  );
}

/** The next step's link (to the mode that /exam runs for it). */
function NextLink({ r }: { r: Readiness }) {
  const { t } = useTranslation('exam');
  const topic = r.next_topic ? t(`topics.${r.next_topic}`) : '';
  return (
    <Link to={nextStepPath(r)} className={cn(buttonClasses('dark', 'sm'), 'min-h-11 self-start')} data-testid="readiness-next">
      {t(`readiness.next.${r.next_step}.action`, { topic })}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** The score with the verdict and basis beside the next step (text and link). */
function Summary({ r }: { r: Readiness }) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-stretch md:justify-between">
      <Score r={r} compact={false} />
      <div className="flex flex-col gap-2 rounded-xl bg-taxi-soft p-3 md:max-w-xs md:justify-center">
        <NextText r={r} />
        <NextLink r={r} />
      </div>
    </div>
  );
}

/** One bar per topic: the share right, the pass mark as a tick, weak topics marked in words and with an icon. */
function Topics({ r }: { r: Readiness }) {
  const { t } = useTranslation('exam');
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-asphalt">
        {t('readiness.topicsTitle')}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-2.5" data-testid="readiness-topics">
        {r.per_topic.map((p) => {
          const label = t(`topics.${p.topic}`);
          return (
            <li key={p.topic} data-testid="readiness-topic" data-weak={p.below_pass || undefined} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 gap-y-0.5 font-medium text-slate-800">
                  {label}
                  {p.below_pass && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger-text">
                      <AlertTriangle aria-hidden="true" className="size-3" />
                      {t('readiness.weak')}
                    </span>
                  )}
                </span>
                <span className="shrink-0 text-slate-600 tabular-nums">
                  {p.rate === null ? t('readiness.noAnswers') : t('readiness.topicValue', { rate: p.rate, count: p.total })}
                </span>
              </div>
              <div aria-hidden="true" className="relative h-2.5 rounded-full bg-slate-200">
                {p.rate !== null && (
                  <div className={cn('h-full rounded-full', p.below_pass ? 'bg-danger' : 'bg-success')} style={{ width: `${Math.max(p.rate, 2)}%` }} />
                )}
                <div className="absolute -top-0.5 h-3.5 w-0.5 bg-asphalt" style={{ left: `${r.pass_percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-600">{t('readiness.passTick', { pass: Math.round(r.pass_percent) })}</p>
    </div>
  );
}

const CHART_W = 320;
const CHART_H = 120;
const PAD_L = 28;
const PAD_B = 4;

/** The scores of the last attempts (percent right) as bars, with the pass line; a hidden list gives the values. */
function History({ r }: { r: Readiness }) {
  const { t, i18n } = useTranslation('exam');
  const headingId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const points = r.history.map((h) => ({ ...h, percent: h.total > 0 ? Math.round((h.score / h.total) * 100) : 0 }));
  if (points.length === 0) return null;
  const plotH = CHART_H - PAD_B;
  const y = (percent: number) => plotH - (percent / 100) * (plotH - 4);
  const slot = (CHART_W - PAD_L) / Math.max(points.length, 5);
  const barW = Math.min(28, slot * 0.7);
  const latest = points[points.length - 1]!;
  const summary = t('readiness.chartSummary', {
    count: points.length,
    min: Math.min(...points.map((p) => p.percent)),
    max: Math.max(...points.map((p) => p.percent)),
    latest: latest.percent,
    pass: Math.round(r.pass_percent),
  });
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-asphalt">
        {t('readiness.historyTitle')}
      </h3>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        className="h-auto w-full max-w-md overflow-visible"
        data-testid="readiness-chart"
      >
        {[0, 50, 100].map((g) => (
          <g key={g}>
            <line x1={PAD_L} x2={CHART_W} y1={y(g)} y2={y(g)} className="stroke-slate-200" strokeWidth={1} />
            <text x={PAD_L - 4} y={y(g)} textAnchor="end" dominantBaseline="middle" className="fill-slate-500 text-[9px]">
              {g}%
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = PAD_L + slot * i + (slot - barW) / 2;
          const passed = p.percent >= r.pass_percent;
          return (
            <rect
              key={p.attempt_id}
              x={x}
              y={y(p.percent)}
              width={barW}
              height={Math.max(plotH - y(p.percent), 1.5)}
              rx={3}
              className={passed ? 'fill-success' : 'fill-slate-400'}
            />
          );
        })}
        <line x1={PAD_L} x2={CHART_W} y1={y(r.pass_percent)} y2={y(r.pass_percent)} className="stroke-asphalt" strokeWidth={1.5} strokeDasharray="5 3" />
      </svg>
      <p aria-hidden="true" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="w-5 border-t-2 border-dashed border-asphalt" />
          {t('readiness.passLine', { pass: Math.round(r.pass_percent) })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-success" />
          {t('readiness.legendPassed')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-slate-400" />
          {t('readiness.legendBelow')}
        </span>
      </p>
      <ol className="sr-only" aria-labelledby={headingId}>
        {points.map((p) => (
          <li key={p.attempt_id}>
            {t('readiness.historyItem', {
              date: date.format(new Date(p.created_at)),
              mode: t(`readiness.modes.${p.mode}`),
              score: p.score,
              total: p.total,
              percent: p.percent,
            })}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The card's place while it loads, about the height of the loaded card (no jump of the runner below). */
function ReadinessSkeleton({ compact, className }: { compact: boolean; className?: string }) {
  const { t } = useTranslation('exam');
  return (
    <div role="status" aria-label={t('common:loading')} className={cn(CARD, 'flex flex-col gap-4 p-4 sm:p-5', className)}>
      <span aria-hidden="true" className="h-6 w-40 rounded bg-slate-200" />
      <span aria-hidden="true" className={cn('rounded-xl bg-slate-100', compact ? 'h-24' : 'h-48')} />
    </div>
  );
}
