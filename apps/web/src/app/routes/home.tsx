import { ArrowRight, BookOpenCheck, CarFront, Compass, Headphones, Layers, RefreshCw, Route as RouteIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHead } from '@/components/ui/page-head';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';

const STEP_KEYS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;
const REASONS = [
  { key: 'allInOne', Icon: Layers },
  { key: 'marketplace', Icon: RefreshCw },
  { key: 'exam', Icon: BookOpenCheck },
  { key: 'path', Icon: RouteIcon },
  { key: 'support', Icon: Headphones },
] as const;

function scrollToContact() {
  const section = document.getElementById('contact');
  if (!section) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

/** After an account deletion the app reloads to /?deleted=1: confirm it once. */
function useDeletedNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const deleted = params.has('deleted');
  useEffect(() => {
    if (!deleted) return;
    toast.success(t('accountDeleted'));
    setParams({}, { replace: true });
  }, [deleted, setParams, t]);
}

export function HomeRoute() {
  const { t } = useTranslation('home');
  useDeletedNotice();
  return (
    <>
      <PageHead title={t('metaTitle')} fullTitle description={t('metaDescription')} />
      <section aria-labelledby="welcome-title" className="relative overflow-hidden bg-asphalt text-white">
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-3 bg-[repeating-linear-gradient(90deg,#F7B500_0_12px,#16181D_12px_24px)]" />
        <Container className="flex flex-col gap-6 py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-widest text-taxi">{t('welcome.eyebrow')}</p>
          <h1 id="welcome-title" className="max-w-3xl text-4xl font-extrabold leading-tight text-white sm:text-5xl">
            {t('welcome.title')}
          </h1>
          <p className="max-w-2xl text-lg text-slate-300 sm:text-xl">{t('welcome.text')}</p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={scrollToContact}>
              {t('welcome.contactUs')}
            </Button>
            <Link to="/steps" className={buttonClasses('outlineLight', 'lg')}>
              {t('welcome.guide')}
            </Link>
          </div>
        </Container>
      </section>

      <section aria-labelledby="explore-title" className="py-14">
        <Container>
          <h2 id="explore-title" className="sr-only">
            {t('cards.title')}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            <FeatureCard
              to="/marketplace"
              Icon={CarFront}
              title={t('cards.marketplace.title')}
              text={t('cards.marketplace.text')}
              cta={t('cards.marketplace.cta')}
            />
            <FeatureCard to="/exam" Icon={BookOpenCheck} title={t('cards.exam.title')} text={t('cards.exam.text')} cta={t('cards.exam.cta')} />
          </div>
        </Container>
      </section>

      <section aria-labelledby="steps-title" className="bg-white py-14">
        <Container className="grid gap-10 lg:grid-cols-[1fr_1.3fr] lg:items-center">
          <SectionIntro id="steps-title" title={t('steps.title')} text={t('steps.text')} className="flex flex-col gap-4">
            <div>
              <Link to="/steps" className={buttonClasses('dark', 'lg')}>
                {t('steps.cta')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            </div>
          </SectionIntro>
          <ol className="grid gap-3 sm:grid-cols-2">
            {STEP_KEYS.map((key, i) => (
              <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-paper p-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-taxi font-bold text-asphalt">{i + 1}</span>
                <span className="font-medium text-slate-800">{t(`steps.items.${key}`)}</span>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="why-title" className="py-14">
        <Container className="flex flex-col gap-8">
          <SectionIntro id="why-title" title={t('why.title')} text={t('why.text')} className="flex max-w-2xl flex-col gap-3" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {REASONS.map(({ key, Icon }) => (
              <li key={key} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon aria-hidden="true" className="size-7 text-taxi-dark" />
                <h3 className="text-lg font-semibold">{t(`why.items.${key}.title`)}</h3>
                <p className="text-slate-700">{t(`why.items.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-start gap-4 rounded-2xl bg-taxi-soft p-6 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <Compass aria-hidden="true" className="mt-1 size-6 shrink-0 text-asphalt" />
              <p className="text-lg font-medium text-asphalt">{t('why.shop')}</p>
            </div>
            {/* Never squeezed by the sentence beside it: the button keeps its words on one line. */}
            <Link to="/shop" className={cn(buttonClasses('dark'), 'shrink-0')}>
              {t('why.shopCta')}
            </Link>
          </div>
        </Container>
      </section>
    </>
  );
}

interface FeatureCardProps {
  to: string;
  Icon: typeof CarFront;
  title: string;
  text: string;
  cta: string;
}

function FeatureCard({ to, Icon, title, text, cta }: FeatureCardProps) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-taxi hover:shadow-md sm:p-8"
    >
      <span className="flex size-14 items-center justify-center rounded-xl bg-asphalt text-taxi">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <span className="text-2xl font-bold text-asphalt">{title}</span>
      <span className="text-slate-700">{text}</span>
      <span className="mt-auto inline-flex items-center gap-2 font-semibold text-info">
        {cta}
        <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
      </span>
    </Link>
  );
}

interface SectionIntroProps {
  /** Labels the section (its aria-labelledby). */
  id: string;
  title: string;
  text: string;
  className: string;
  children?: ReactNode;
}

/** A section's heading and the lead under it, then what follows them (a link). */
function SectionIntro({ id, title, text, className, children }: SectionIntroProps) {
  return (
    <div className={className}>
      <h2 id={id} className="text-3xl font-bold">
        {title}
      </h2>
      <p className="text-lg text-slate-700">{text}</p>
      {children}
    </div>
  );
}
