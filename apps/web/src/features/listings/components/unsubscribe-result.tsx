import { BellOff, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageHead } from '@/components/ui/page-head';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { isUnsubscribeNotFound, useUnsubscribe } from '@/lib/queries/saved';

/**
 * The digest's unsubscribe link (/unsubscribe?token=…): the alerts of the e-mail's searches are
 * turned off (no sign-in needed) and the page says which; a link of no search is "not found" (404).
 */
export function UnsubscribeResult({ tokens }: { tokens: string[] }) {
  const { t } = useTranslation('listings');
  const result = useUnsubscribe(tokens);
  const box = 'flex flex-col items-center gap-4 py-16 text-center';
  if (tokens.length === 0 || (result.isError && isUnsubscribeNotFound(result.error))) {
    return (
      <div className={box}>
        <PageHead title={t('saved.unsubscribe.notFoundTitle')} noIndex />
        <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
          <SearchX aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold">{t('saved.unsubscribe.notFoundTitle')}</h1>
        <p className="max-w-md text-lg text-slate-700">{t('saved.unsubscribe.notFoundText')}</p>
        <Link to="/dashboard?tab=favorites" className={buttonClasses('primary')}>
          {t('saved.unsubscribe.manage')}
        </Link>
      </div>
    );
  }
  if (result.isPending) {
    return (
      <div className={box}>
        <PageHead title={t('saved.unsubscribe.title')} noIndex />
        <Spinner label={t('saved.unsubscribe.loading')} />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className="flex flex-col gap-4 py-16">
        <PageHead title={t('saved.unsubscribe.title')} noIndex />
        <h1 className="text-3xl font-bold">{t('saved.unsubscribe.failedTitle')}</h1>
        <ErrorState message={errorText(result.error)} retryLabel={t('saved.retry')} onRetry={() => void result.refetch()} />
      </div>
    );
  }
  return (
    <div className={box}>
      <PageHead title={t('saved.unsubscribe.title')} noIndex />
      <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
        <BellOff aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold">{t('saved.unsubscribe.title')}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('saved.unsubscribe.text', { count: result.data.data.names.length })}</p>
      <ul className="flex flex-col gap-1 font-semibold text-asphalt" data-testid="unsubscribed-searches">
        {result.data.data.names.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/dashboard?tab=favorites" className={buttonClasses('primary')}>
          {t('saved.unsubscribe.manage')}
        </Link>
        <Link to="/marketplace" className={buttonClasses('outline')}>
          {t('saved.toMarketplace')}
        </Link>
      </div>
    </div>
  );
}
