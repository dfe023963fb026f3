import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useAdminOverview } from '@/lib/queries/admin';
import { errorText } from '@/lib/error-text';

/** Counts and the latest Contact us messages. Later issues add moderation and other tools. */
export function AdminOverview() {
  const { t, i18n } = useTranslation('admin');
  const overview = useAdminOverview();
  if (overview.isPending) return <Spinner label={t('common:loading')} className="text-slate-500" />;
  if (overview.isError) {
    return <ErrorState message={errorText(overview.error)} retryLabel={t('retry')} onRetry={() => void overview.refetch()} />;
  }
  const d = overview.data.data;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const stats = [
    { label: t('stats.users'), value: d.users },
    { label: t('stats.staff'), value: d.staff },
    { label: t('stats.mailPending'), value: d.mail_pending },
    { label: t('stats.mailFailed'), value: d.mail_failed },
    { label: t('stats.listingReports'), value: d.listing_reports_open },
  ];
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="text-3xl font-bold text-asphalt">{s.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="messages-title" className="flex flex-col gap-3">
        <h2 id="messages-title" className="text-xl font-bold">
          {t('messages.title')}
        </h2>
        {d.contact_messages.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t('messages.empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('messages.time')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('messages.from')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('messages.message')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.contact_messages.map((m) => (
                  <tr key={m.id} className="border-t border-slate-100 align-top">
                    <td className="whitespace-nowrap px-3 py-2">{format.format(new Date(m.created_at))}</td>
                    <td className="px-3 py-2">
                      <span className="font-semibold">{m.name}</span>
                      <br />
                      <a href={`mailto:${m.email}`} className="text-info underline">
                        {m.email}
                      </a>
                    </td>
                    <td className="max-w-md whitespace-pre-wrap px-3 py-2">{m.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
