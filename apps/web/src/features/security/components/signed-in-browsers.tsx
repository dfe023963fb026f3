import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@medallion/contracts/sessions';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';
import { useAccountSessions } from '@/lib/queries/sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** Within this much a browser counts as active now (the server notes a use every 5 minutes). */
const NOW_MS = 5 * 60_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "2 weeks ago" in the reader's language. */
function timeAgo(iso: string, language: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'minute');
}

function DeviceIcon({ device }: { device: AccountSession['device'] }) {
  const Icon = device === 'mobile' ? Smartphone : device === 'tablet' ? Tablet : Monitor;
  return <Icon aria-hidden="true" className="size-6 shrink-0 text-slate-600" />;
}

/** "Chrome 131 on macOS", "Safari on iOS", "Unknown browser". */
function useSessionName() {
  const { t } = useTranslation('security');
  return (s: AccountSession) => {
    const browser = s.browser ? [s.browser, s.browser_version].filter(Boolean).join(' ') : t('sessions.unknownBrowser');
    return s.os ? t('sessions.browserOnSystem', { browser, system: s.os }) : browser;
  };
}

/** `now`: when the list was read (times are relative to it). */
function SessionRow({ session, now }: { session: AccountSession; now: number }) {
  const { t, i18n } = useTranslation('security');
  const name = useSessionName()(session);
  const revoke = useRevokeSession();
  const lastActive =
    session.current || now - new Date(session.last_active_at).getTime() < NOW_MS
      ? t('sessions.activeNow')
      : timeAgo(session.last_active_at, i18n.language, now);
  const signedIn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(session.signed_in_at));

  const signOut = () =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.success(t('sessions.signedOutOne', { name })),
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="signed-in-browser">
      <div className="flex min-w-0 items-start gap-3">
        <DeviceIcon device={session.device} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-asphalt">
            <span className="break-words">{name}</span>
            {session.current && <span className="rounded-full bg-taxi-soft px-2 py-0.5 text-xs font-bold text-asphalt">{t('sessions.thisBrowser')}</span>}
          </p>
          <dl className="mt-1 flex flex-col gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            <div className="flex gap-1">
              <dt>{t('sessions.lastActive')}</dt>
              <dd>{lastActive}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('sessions.signedIn')}</dt>
              <dd>{signedIn}</dd>
            </div>
            {session.ip_masked && (
              <div className="flex gap-1">
                <dt>{t('sessions.network')}</dt>
                <dd className="break-all">{session.ip_masked}</dd>
              </div>
            )}
          </dl>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          aria-label={t('sessions.signOutOne', { name })}
          disabled={revoke.isPending}
          onClick={signOut}
        >
          {revoke.isPending ? <Spinner label={t('sessions.signingOut')} /> : <LogOut aria-hidden="true" className="size-4" />}
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

function SignOutOthers({ count }: { count: number }) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const revoke = useRevokeOtherSessions();
  const confirm = () =>
    revoke.mutateAsync().then(
      () => {
        setOpen(false);
        toast.success(t('sessions.signedOutOthers', { count }));
      },
      (error: Error) => {
        setOpen(false);
        toast.error(errorText(error));
      },
    );
  return (
    <>
      <Button variant="outline" className="border-danger text-danger-text hover:bg-danger/10" onClick={() => setOpen(true)}>
        {t('sessions.signOutOthers')}
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
        <AlertDialogCard>
          <AlertDialogHeader title={t('sessions.confirmTitle')} />
          <AlertDialogDescription className="mt-2 text-slate-700">{t('sessions.confirmText', { count })}</AlertDialogDescription>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                {t('sessions.cancel')}
              </Button>
            </AlertDialogCancel>
            {/* Not AlertDialog.Action: the dialog stays open (with a spinner) until the server answers. */}
            <Button variant="danger" disabled={revoke.isPending} onClick={() => void confirm()}>
              {revoke.isPending && <Spinner label={t('sessions.signingOut')} />}
              {t('sessions.confirm')}
            </Button>
          </div>
        </AlertDialogCard>
      </AlertDialog>
    </>
  );
}

/**
 * "Signed-in browsers": every browser signed in to the account (browser, system, last use, the network
 * masked), this one marked; "Sign out" for each other one and "Sign out of all other browsers".
 */
export function SignedInBrowsers() {
  const { t } = useTranslation('security');
  const sessions = useAccountSessions();
  const others = sessions.data?.data.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby="signed-in-browsers-title" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="signed-in-browsers-title" className="text-xl font-bold">
          {t('sessions.title')}
        </h2>
        {others > 0 && <SignOutOthers count={others} />}
      </div>
      <p className="max-w-prose text-slate-700">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <Spinner label={t('common:loading')} className="text-slate-500" />
      ) : sessions.isError ? (
        <ErrorState message={errorText(sessions.error)} retryLabel={t('sessions.retry')} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('sessions.title')}>
          {sessions.data.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} now={sessions.dataUpdatedAt} />
          ))}
        </ul>
      )}
    </section>
  );
}
