import { Ban, CheckCircle2, Inbox } from 'lucide-react';
import type { ListingReportGroup } from '@medallion/contracts/listing-reports';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';
import { useListingReports } from '@/lib/queries/admin';
import { useResolveListingReports } from '../api/resolve-listing-reports';

function ReportedListing({ group }: { group: ListingReportGroup }) {
  const { t, i18n } = useTranslation('listingReports');
  const resolve = useResolveListingReports();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const title = group.listing_title ?? t('queue.untitled');
  const headingId = `reported-${group.listing_id}`;
  const act = (action: 'dismiss' | 'deactivate') =>
    // The group leaves the queue on success, so the toast does not wait for this component.
    resolve.mutateAsync({ listingId: group.listing_id, action }).then(
      () => toast.success(t(action === 'dismiss' ? 'queue.dismissed' : 'queue.deactivated', { title })),
      (e: Error) => toast.error(errorText(e)),
    );
  return (
    <article aria-labelledby={headingId} data-testid="reported-listing" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="break-words text-lg font-bold">
            <Link to={`/listing/${group.listing_id}`} className="text-info underline">
              {title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {t(`queue.status.${group.listing_status}`)}
            {group.listing_deleted && ` · ${t('queue.deleted')}`} · {t('queue.owner', { name: group.owner_name })}{' '}
            <a href={`mailto:${group.owner_email}`} className="text-info underline">
              {group.owner_email}
            </a>
          </p>
          <p className="text-sm font-semibold text-asphalt">{t('queue.count', { count: group.reports.length })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void act('dismiss')}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('queue.dismiss')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={resolve.isPending}
            onClick={() => void act('deactivate')}
            className="border-danger/50 text-danger-text hover:bg-danger/10"
          >
            <Ban aria-hidden="true" className="size-4" />
            {t('queue.deactivate')}
          </Button>
          {resolve.isPending && <Spinner label={t('queue.working')} />}
        </div>
      </header>
      <ul aria-label={t('queue.reasonsLabel')} className="flex flex-wrap gap-1.5">
        {group.reason_counts.map((c) => (
          <li key={c.reason} className="rounded-full bg-taxi/30 px-2.5 py-0.5 text-sm font-semibold text-asphalt">
            {t(`reasons.${c.reason}`)} × {c.count}
          </li>
        ))}
      </ul>
      <ul aria-label={t('queue.reportsLabel', { title })} className="rounded-xl bg-slate-50 px-3 py-1">
        {group.reports.map((r) => (
          <li key={r.report_id} className="flex flex-col gap-1 border-t border-slate-200 py-2.5 text-sm first:border-t-0">
            <span className="font-semibold">{t(`reasons.${r.reason}`)}</span>
            {r.details && <p className="whitespace-pre-wrap break-words">“{r.details}”</p>}
            <p className="text-xs text-slate-600">
              {r.reporter_email ? (
                <a href={`mailto:${r.reporter_email}`} className="text-info underline">
                  {r.reporter_email}
                </a>
              ) : (
                t('queue.deletedAccount')
              )}{' '}
              · {date.format(new Date(r.created_at))}
            </p>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The staff's Reports queue: open reports grouped by listing, the most reported first; dismiss or deactivate. */
export function ListingReportsQueue() {
  const { t } = useTranslation('listingReports');
  const reports = useListingReports();
  if (reports.isPending) return <Spinner label={t('queue.loading')} className="text-slate-500" />;
  if (reports.isError) return <ErrorState message={errorText(reports.error)} retryLabel={t('queue.retry')} onRetry={() => void reports.refetch()} />;
  const groups = reports.data.data;
  if (groups.length === 0) {
    return (
      <EmptyState icon={Inbox}>
        <p>{t('queue.empty')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{t('queue.summary', { count: groups.length })}</p>
      {groups.map((group) => (
        <ReportedListing key={group.listing_id} group={group} />
      ))}
    </div>
  );
}
