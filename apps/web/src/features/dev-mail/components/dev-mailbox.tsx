import { Inbox, RefreshCw, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useDevMail } from '@/lib/queries/dev-mail';
import { signInPath } from '@/lib/sign-in-path';

/** The local dev mailbox: every e-mail the app "sent" while no SMTP server is configured. */
export function DevMailbox({ notFound }: { notFound: React.ReactNode }) {
  const { t, i18n } = useTranslation('devMail');
  const mail = useDevMail();

  if (mail.error instanceof ApiClientError && mail.error.status === 404) return <>{notFound}</>;
  if (mail.error instanceof ApiClientError && mail.error.status === 403) return <DevMailboxPrivate message={errorText(mail.error)} />;
  if (mail.isPending) return <Spinner label={t('loading')} className="text-slate-500" />;
  // Transport errors while loading: say so, offer a retry.
  if (mail.isError) {
    return <ErrorState message={errorText(mail.error)} retryLabel={t('retry')} onRetry={() => void mail.refetch()} />;
  }
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </header>
      <div className="flex items-center justify-between gap-3">
        <p className="text-slate-700">{t('count', { count: mail.data.data.length })}</p>
        <Button variant="outline" size="sm" onClick={() => void mail.refetch()} disabled={mail.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('refresh')}
        </Button>
      </div>
      {mail.data.data.length === 0 ? (
        <EmptyState icon={Inbox}>
          <p>{t('empty')}</p>
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3">
          {mail.data.data.map((m, i) => (
            <li key={`${m.created_at}-${i}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-slate-600">{t('to')}</dt>
                <dd className="break-all">{m.to}</dd>
                <dt className="font-semibold text-slate-600">{t('subject')}</dt>
                <dd className="font-semibold text-asphalt">{m.subject}</dd>
                <dt className="font-semibold text-slate-600">{t('time')}</dt>
                <dd>
                  <time dateTime={m.created_at}>{format.format(new Date(m.created_at))}</time>
                </dd>
              </dl>
              <pre className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-lg bg-paper p-3 font-sans text-sm text-slate-800">{m.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * 403: the mailbox is readable only on the machine that runs the app, or by staff. A retry would not
 * help, so this says how to get in instead (the server's message comes translated by the api client).
 */
function DevMailboxPrivate({ message }: { message: string }) {
  const { t } = useTranslation('devMail');
  const { t: tc } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <ShieldX aria-hidden="true" className="size-14 text-danger" />
      <h1 className="text-3xl font-bold">{t('privateTitle')}</h1>
      <p className="max-w-md text-lg text-slate-700">{message}</p>
      <p className="max-w-md text-slate-700">{t('privateHint')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={signInPath('/dev/mail')} className={buttonClasses('primary')}>
          {t('signInAsStaff')}
        </Link>
        <Link to="/" className={buttonClasses('outline')}>
          {tc('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
