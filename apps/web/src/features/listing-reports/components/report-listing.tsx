import { CheckCircle2, Flag } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyNamed } from '@/components/ui/lazy';
import { signInPath } from '@/lib/sign-in-path';

/** The popup (radix dialog, react-hook-form, zod) is a chunk of its own, loaded when the button is pointed at or pressed. */
const ReportListingDialog = lazyNamed(() => import('./report-listing-dialog'), 'ReportListingDialog');
const preload = () => void ReportListingDialog.preload().catch(() => undefined);

const LINK = 'inline-flex min-h-11 items-center gap-2 self-start rounded-md text-sm font-semibold text-slate-700 underline hover:text-asphalt';

/**
 * "Report this listing" under the contact panel: for a signed-in user the button and its dialog (after
 * a report, a thank-you in its place); for a guest a sign-in link that comes back to the listing.
 */
export function ReportListing({ listingId, signedIn }: { listingId: string; signedIn: boolean }) {
  const { t } = useTranslation('listingReports');
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!signedIn) {
    return (
      <Link to={signInPath(`/listing/${listingId}`)} className={LINK}>
        <Flag aria-hidden="true" className="size-4" />
        {t('button.guest')}
      </Link>
    );
  }
  if (done) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-success-text">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('button.done')}
      </p>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        className={LINK}
      >
        <Flag aria-hidden="true" className="size-4" />
        {t('button.report')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportListingDialog
            listingId={listingId}
            onClose={(reported) => {
              setOpen(false);
              if (reported) setDone(true);
              else requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
