import { ArrowRight, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '@medallion/contracts/formats';
import { LICENSE_STEPS } from '@medallion/contracts/license-rules';
import { buttonClasses } from '@/components/ui/button';
import { CARD } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useLicenseTracker } from '@/lib/queries/license-tracker';

const dayText = (day: string, language: string) => formatLongDate(new Date(`${day}T12:00:00Z`), language);

/**
 * The license tracker on the dashboard's main tab (issue #34): steps done and the 90-day countdown from
 * filing, with a link to the guide where the steps are marked.
 */
export function LicenseCountdownCard() {
  const { t, i18n } = useTranslation('dashboard');
  const tracker = useLicenseTracker(true);
  const data = tracker.data?.data;
  const done = data?.steps.filter((s) => s.done_on).length ?? 0;
  return (
    <section aria-labelledby="license-card-title" className={cn(CARD, 'flex flex-col gap-3 p-5 sm:p-6')} data-testid="license-card">
      <h2 id="license-card-title" className="flex items-center gap-2 text-xl font-bold">
        <Hourglass aria-hidden="true" className="size-5 text-taxi-dark" />
        {t('license.title')}
      </h2>
      {!data ? (
        <p role="status" className="text-slate-600">
          {tracker.isError ? t('license.unavailable') : t('license.loading')}
        </p>
      ) : (
        <>
          <p className="text-slate-700">{t('license.doneCount', { done, total: LICENSE_STEPS.length })}</p>
          {data.deadline && data.days_left !== null ? (
            <p data-testid="license-card-countdown">
              {data.days_left >= 0 ? (
                <>
                  <strong className="text-asphalt">{t('license.daysLeft', { count: data.days_left })}</strong>{' '}
                  {t('license.until', { date: dayText(data.deadline, i18n.language) })}
                </>
              ) : (
                t('license.passed', { date: dayText(data.deadline, i18n.language) })
              )}
            </p>
          ) : (
            <p className="text-slate-700">{t('license.notFiled')}</p>
          )}
        </>
      )}
      <Link to="/steps" className={cn(buttonClasses('outline', 'sm'), 'self-start')}>
        {t('license.open')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
