import { Map as MapIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import BoroughMap from './borough-map';

/** "Before you start": recommends studying a borough map and shows one (spec §2). */
export function IntroDialog({ open, total, passAbove, onStart }: { open: boolean; total: number; passAbove: number; onStart: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onStart()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-asphalt/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="flex items-center gap-2 text-2xl font-extrabold text-asphalt">
            <MapIcon aria-hidden="true" className="size-6 shrink-0" />
            {t('intro.title')}
          </Dialog.Title>
          <Dialog.Description className="text-slate-700">{t('intro.text')}</Dialog.Description>
          {/* The map is drawn from paths projected at build time (about 1 KB), so it comes with the popup. */}
          <div className="mx-auto aspect-square w-full max-w-[22rem]">
            <BoroughMap />
          </div>
          <p className="text-sm text-slate-600">{t('intro.questions', { n: total, pass: passAbove })}</p>
          <Button size="lg" className="w-full" onClick={onStart}>
            {t('intro.start')}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
