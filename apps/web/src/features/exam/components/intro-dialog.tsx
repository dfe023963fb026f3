import { Map as MapIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NativeDialog } from '@/components/ui/native-dialog';
import BoroughMap from './borough-map';

/**
 * "Before you start": recommends studying a borough map and shows one. It opens with the
 * page, so it is a native dialog (decision 0004); Escape or a click beside it starts the exam too.
 */
export function IntroDialog({ open, total, passAbove, onStart }: { open: boolean; total: number; passAbove: number; onStart: () => void }) {
  const { t } = useTranslation('exam');
  const titleId = useId();
  const textId = useId();
  return (
    <NativeDialog open={open} onDismiss={onStart} labelledBy={titleId} describedBy={textId} className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 id={titleId} className="flex items-center gap-2 text-2xl font-extrabold text-asphalt">
        <MapIcon aria-hidden="true" className="size-6 shrink-0" />
        {t('intro.title')}
      </h2>
      <p id={textId} className="text-slate-700">
        {t('intro.text')}
      </p>
      {/* The map is drawn from paths projected at build time (about 1 KB), so it comes with the popup. */}
      <div className="mx-auto aspect-square w-full max-w-[22rem]">
        <BoroughMap />
      </div>
      <p className="text-sm text-slate-600">{t('intro.questions', { n: total, pass: passAbove })}</p>
      {/* A dialog form: Start closes the popup even before the page's code has arrived. */}
      <form method="dialog">
        <Button type="submit" size="lg" className="w-full" onClick={onStart}>
          {t('intro.start')}
        </Button>
      </form>
    </NativeDialog>
  );
}
