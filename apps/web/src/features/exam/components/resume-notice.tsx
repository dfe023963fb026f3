import { History, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Above a resumed run: "Continuing where you left off — question N", and "Start over", which asks
 * once more (inline, no popup to load) before the run is cleared.
 */
export function ResumeNotice({ question, onStartOver }: { question: number; onStartOver: () => void }) {
  const { t } = useTranslation('exam');
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const confirmId = useId();
  const yes = useRef<HTMLButtonElement>(null);
  const startOver = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) {
      asked.current = true;
      yes.current?.focus();
    } else if (asked.current) {
      startOver.current?.focus();
    }
  }, [confirming]);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="resume-notice"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <p id={titleId} className="flex items-center gap-2 text-sm font-semibold text-asphalt sm:text-base">
        <History aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
        {t('resume.notice', { n: question })}
      </p>
      {confirming ? (
        <div role="group" aria-labelledby={confirmId} className="flex flex-col gap-2 sm:max-w-xs sm:items-end sm:text-right">
          <p id={confirmId} className="text-sm text-slate-700">
            {t('resume.confirm')}
          </p>
          <div className="flex gap-2">
            <Button ref={yes} variant="danger" size="sm" className="flex-1 sm:flex-none" onClick={onStartOver}>
              {t('resume.confirmYes')}
            </Button>
            <Button variant="outline" size="sm" className="flex-1 sm:flex-none" onClick={() => setConfirming(false)}>
              {t('resume.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={startOver} variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={() => setConfirming(true)}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('resume.startOver')}
        </Button>
      )}
    </section>
  );
}
