import { Flag } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/components/ui/lazy';
import { cn } from '@/lib/cn';

/** The popup (radix dialog and checkboxes) is a chunk of its own, loaded when the flag is first pointed at or clicked. */
const ReportDialog = lazyNamed(() => import('./report-dialog'), 'ReportDialog');

const ICON_BUTTON = 'inline-flex size-11 items-center justify-center rounded-lg border transition-colors';

/** The flag button and its "Report an issue" popup; a reported question stays flagged. */
export function ReportButton({ questionId, reported }: { questionId: string; reported: boolean }) {
  const { t } = useTranslation('exam');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (reported) {
    return (
      <span
        role="img"
        aria-label={t('reported')}
        title={t('reported')}
        data-testid="reported-flag"
        className={cn(ICON_BUTTON, 'border-danger/40 bg-danger/10 text-danger-text')}
      >
        <Flag aria-hidden="true" className="size-5 fill-current" />
      </span>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('report')}
        title={t('report')}
        onPointerEnter={() => void ReportDialog.preload().catch(() => undefined)}
        onFocus={() => void ReportDialog.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
        className={cn(ICON_BUTTON, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
      >
        <Flag aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            questionId={questionId}
            onClose={(sent) => {
              setOpen(false);
              // Back to the flag, like a dialog trigger (after a report the flag is replaced by the mark).
              if (!sent) requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
