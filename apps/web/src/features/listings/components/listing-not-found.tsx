import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHead } from '@/components/ui/page-head';

/** A listing that does not exist or is not public: say so and lead back to the marketplace. */
export function ListingNotFound({ backTo }: { backTo: string }) {
  const { t } = useTranslation('listings');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <PageHead title={t('notFound.title')} noIndex />
      <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('notFound.text')}</p>
      <Link to={backTo} className={buttonClasses('primary')}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
