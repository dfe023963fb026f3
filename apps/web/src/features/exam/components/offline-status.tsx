import { CloudCheck, Download, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useInstallOffer, useOfflineExam, useOnline } from '@/lib/offline';

/**
 * The exam's offline line under the title (issue #34): "Available offline" once the service worker
 * keeps this user's exam, "You are offline…" without a connection, and an Install button while the
 * browser offers one (hidden otherwise). Its height is kept from the first render (the server's too),
 * so nothing below moves when a state appears. `user`: the session's user id (null for a guest,
 * undefined while unknown).
 */
export function OfflineStatus({ user }: { user: string | null | undefined }) {
  const { t } = useTranslation('exam');
  const online = useOnline();
  const kept = useOfflineExam(user);
  const { available, install } = useInstallOffer();
  const pill = 'inline-flex items-center gap-2 rounded-2xl px-2.5 py-1.5 text-sm font-semibold min-[360px]:px-3';
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-x-2 gap-y-2" data-testid="offline-status" data-offline={kept.status}>
      <div aria-live="polite" className="contents">
        {!online ? (
          <p className={`${pill} bg-taxi-soft text-asphalt`} data-testid="offline-notice">
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
            {t(user ? 'offline.offline' : 'offline.offlineGuest')}
          </p>
        ) : kept.status === 'ready' ? (
          <p className={`${pill} bg-success/10 text-success-text`} title={t('offline.readyHint')} data-testid="offline-ready">
            {/* Without its icon on the narrowest phones, so the status and the Install button still share a line. */}
            <CloudCheck aria-hidden="true" className="hidden size-4 shrink-0 min-[360px]:block" />
            {t('offline.ready')}
          </p>
        ) : null}
      </div>
      {available && (
        // At the line's end, on the status's line (both fit at 375 px in both languages): the two appear at
        // different moments (the offer at once, the status when the exam is kept), and neither moves the other.
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => void install()} title={t('offline.installHint')}>
          <Download aria-hidden="true" className="size-4" />
          {t('offline.install')}
        </Button>
      )}
    </div>
  );
}
