import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/*
 * What the practice pages (mistakes, topic, review queue, timed simulation) show instead of a run: a
 * notice with its ways on, and the link to unlock full access that comes back to the same page.
 */

/** A full-width notice in place of the runner: an icon, a title, a text and the ways on. */
export function Notice({ icon, title, children, actions }: { icon: ReactNode; title: string; children?: ReactNode; actions: ReactNode }) {
  return (
    <section
      aria-labelledby="practice-notice-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center sm:p-10"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">{icon}</span>
      <h2 id="practice-notice-title" className="text-2xl font-extrabold">
        {title}
      </h2>
      {children && <div className="max-w-md text-slate-700">{children}</div>}
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>
    </section>
  );
}

/** To the exam checkout, which leads back to this practice run once access is bought. */
export function UnlockLink({ className }: { className?: string }) {
  const { t } = useTranslation('exam');
  const { pathname, search } = useLocation();
  return (
    <Link to="/exam-checkout" state={{ returnTo: `${pathname}${search}` }} className={cn(buttonClasses('primary', 'md'), className)}>
      <LockKeyhole aria-hidden="true" className="size-4" />
      {t('paywall.unlock')}
    </Link>
  );
}
