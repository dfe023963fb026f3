import { BookOpenCheck, CheckCircle2, ChevronLeft, ChevronRight, Clock, DollarSign, Lightbulb, MapPin } from 'lucide-react';
import { Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { JsonLd } from '@/components/ui/page-head';
import { lazyNamed } from '@/components/ui/lazy';
import { GUIDE_SOURCES, type GuideFigure } from '../guide-sources';

const LicenseTrackerPanel = lazyNamed(() => import('./license-tracker-panel'), 'LicenseTrackerPanel');

/**
 * The personal tracker under the step (license-tracker-panel.tsx): loaded after the page has hydrated,
 * so the first view carries none of its code; until then a box of the same size says it is loading
 * (no control that could lose a tap).
 */
const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

function TrackerSlot({ current }: { current: number }) {
  const { t } = useTranslation('steps');
  // False on the server and while hydrating, true once the browser has taken over.
  const mounted = useSyncExternalStore(noSubscription, isClient, isServer);
  const placeholder = (
    <section aria-labelledby="tracker-title" className="min-h-72 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="tracker-loading">
      <h2 id="tracker-title" className="text-xl font-bold">
        {t('tracker.title')}
      </h2>
      <p role="status" className="mt-2 text-slate-600">
        {t('tracker.loading')}
      </p>
    </section>
  );
  if (!mounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LicenseTrackerPanel current={current} />
    </Suspense>
  );
}

export interface GuideStep {
  nav: string;
  title: string;
  cost: string;
  time: string;
  paragraphs: string[];
  checklist: string[];
  /** Where the step is done (only what the fact sheet says). */
  where: string;
  tip: string;
  /** Every figure the step shows, with its source (guide-sources.ts). */
  figures: GuideFigure[];
}

export interface FaqItem {
  q: string;
  a: string;
  figures: GuideFigure[];
}

/** Where the figures come from: per source, the figures, the source (a link) and the day it was checked. */
function FigureSources({ figures, className }: { figures: GuideFigure[]; className?: string }) {
  const { t, i18n } = useTranslation('steps');
  if (figures.length === 0) return null;
  const bySource = new Map<GuideFigure['source'], string[]>();
  for (const f of figures) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f.value]);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <div className={cn('text-sm text-slate-600', className)}>
      <p className="font-semibold">{t('sourcesTitle')}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {[...bySource].map(([id, values]) => {
          const source = GUIDE_SOURCES[id];
          return (
            <li key={id} data-testid="figure-source">
              {values.join(', ')}:{' '}
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline hover:text-asphalt">
                {t(`sources.${id}`)}
              </a>
              , {t('sourceChecked', { date: date(source.checked) })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const STEP_COUNT = 8;

/** Step number from ?step=N, clamped to 1..8. */
export function parseStep(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(STEP_COUNT, Math.max(1, n)) : 1;
}

/**
 * The 8-step license guide: numbered step buttons, Previous/Next, the exam link and FAQ on step 8. Each
 * figure shown says where it comes from and when that was checked (guide-sources.ts).
 */
export function StepsGuide() {
  const { t } = useTranslation('steps');
  const [params] = useSearchParams();
  const current = parseStep(params.get('step'));
  const steps = t('steps', { returnObjects: true }) as GuideStep[];
  const step = steps[current - 1];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Links, not buttons: the page arrives rendered and its app starts after the first view (decision 0006),
  // so a tap on a step or on Previous/Next before then still opens that step (a plain page load).
  const moveFocus = () => {
    moved.current = true;
  };

  useEffect(() => {
    // After Previous/Next or a step button, move focus to the new step's heading (not on first load).
    if (moved.current) headingRef.current?.focus();
  }, [current]);

  if (!step) return null;
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label={t('title')}>
        <ol className="grid grid-cols-4 gap-2 sm:grid-cols-8">
          {steps.map((s, i) => {
            const n = i + 1;
            const active = n === current;
            return (
              <li key={s.nav}>
                <Link
                  to={stepPath(n)}
                  preventScrollReset
                  onClick={moveFocus}
                  aria-current={active ? 'step' : undefined}
                  className={cn(
                    'flex h-full min-h-14 w-full flex-col items-center justify-start gap-1 rounded-xl border p-2 text-center transition-colors',
                    active
                      ? 'border-asphalt bg-asphalt text-white'
                      : n < current
                        ? 'border-taxi bg-taxi-soft text-asphalt hover:bg-taxi/30'
                        : 'border-slate-200 bg-white text-slate-700 hover:border-slate-400',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full text-sm font-bold',
                      active ? 'bg-taxi text-asphalt' : 'bg-slate-100 text-asphalt',
                    )}
                  >
                    {n}
                  </span>
                  <span className="hidden text-xs font-medium leading-tight sm:block">{s.nav}</span>
                  <span className="sr-only sm:hidden">{s.nav}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>

      <article aria-labelledby="step-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('stepOf', { current, total: STEP_COUNT })}</p>
        <h2 id="step-title" ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold focus:outline-none sm:text-3xl">
          {step.title}
        </h2>
        <dl className="mt-4 flex flex-wrap gap-3">
          <div className="flex items-center gap-2 rounded-lg bg-taxi-soft px-3 py-2">
            <DollarSign aria-hidden="true" className="size-4" />
            <dt className="text-sm text-slate-700">{t('costLabel')}:</dt>
            <dd className="font-semibold text-asphalt">{step.cost}</dd>
          </div>
          <div className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2">
            <Clock aria-hidden="true" className="size-4" />
            <dt className="text-sm text-slate-700">{t('timeLabel')}:</dt>
            <dd className="font-semibold text-asphalt">{step.time}</dd>
          </div>
        </dl>
        <div className="mt-6 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-slate-800">
            {step.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p className="flex items-start gap-3 rounded-xl border border-taxi/50 bg-taxi-soft/60 p-4 text-base">
              <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-taxi-dark" />
              <span>{step.tip}</span>
            </p>
          </div>
          <div>
            <h3 className="mb-3 text-lg font-semibold">{t('youNeed')}</h3>
            <ul className="flex flex-col gap-2">
              {step.checklist.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <h3 className="mb-2 mt-6 text-lg font-semibold">{t('tracker.whereLabel')}</h3>
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
              <span>{step.where}</span>
            </p>
          </div>
        </div>
        <FigureSources figures={step.figures} className="mt-6 border-t border-slate-200 pt-4" />

        {current === STEP_COUNT && (
          <div className="mt-8 flex flex-col items-start gap-4 rounded-xl bg-asphalt p-6 text-white sm:flex-row sm:items-center sm:justify-between">
            <p className="text-lg">{t('examCtaText')}</p>
            <Link to="/exam" className={cn(buttonClasses('primary', 'lg'), 'shrink-0')}>
              <BookOpenCheck aria-hidden="true" className="size-5" />
              {t('examCta')}
            </Link>
          </div>
        )}

        <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-6">
          <StepLink to={current - 1} variant="outline" onClick={moveFocus}>
            <ChevronLeft aria-hidden="true" className="size-5" />
            {t('previous')}
          </StepLink>
          <StepLink to={current + 1} variant="dark" onClick={moveFocus}>
            {t('next')}
            <ChevronRight aria-hidden="true" className="size-5" />
          </StepLink>
        </div>
      </article>

      <TrackerSlot current={current} />

      {current === STEP_COUNT && <Faq />}

      <section aria-labelledby="total-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="total-title" className="text-xl font-bold">
          {t('totalTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('totalText')}</p>
        <FigureSources figures={t('totalFigures', { returnObjects: true }) as GuideFigure[]} className="mt-3" />
      </section>
    </div>
  );
}

const stepPath = (n: number) => (n === 1 ? '/steps' : `/steps?step=${n}`);

/** Previous/Next: a link to the step, or a disabled button past the first or the last step. */
function StepLink({ to, variant, onClick, children }: { to: number; variant: 'outline' | 'dark'; onClick: () => void; children: ReactNode }) {
  if (to < 1 || to > STEP_COUNT)
    return (
      <Button variant={variant} disabled>
        {children}
      </Button>
    );
  return (
    <Link to={stepPath(to)} preventScrollReset onClick={onClick} className={buttonClasses(variant)}>
      {children}
    </Link>
  );
}

function Faq() {
  const { t } = useTranslation('steps');
  const faq = t('faq', { returnObjects: true }) as FaqItem[];
  return (
    <section aria-labelledby="faq-title" className="flex flex-col gap-4">
      <h2 id="faq-title" className="text-2xl font-bold">
        {t('faqTitle')}
      </h2>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faq.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: item.a } })),
        }}
      />
      <div className="flex flex-col gap-2">
        {faq.map((item) => (
          <details key={item.q} className="group rounded-xl border border-slate-200 bg-white p-4 open:shadow-sm">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-semibold text-asphalt">
              {item.q}
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 transition group-open:rotate-90" />
            </summary>
            <p className="mt-3 text-slate-700">{item.a}</p>
            <FigureSources figures={item.figures} className="mt-2" />
          </details>
        ))}
      </div>
    </section>
  );
}
