import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@medallion/contracts/site';
import { Spinner } from '@/components/ui/spinner';
import { Footer } from './footer';
import { GetInTouch } from './get-in-touch';
import { Header } from './header';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-slate-500">
      <Spinner label={t('loading')} className="[&>span:first-child]:size-8" />
    </div>
  );
}

/** Renders nothing; its effect runs once the page above it in the same Suspense boundary has rendered. */
function OnContentReady({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/** The shared frame: header, page, Get in touch, footer, and the toast area. */
export function AppLayout() {
  // The contact form loads when it nears the screen; wait until the page has its real height first.
  const [contentReady, setContentReady] = useState(false);
  const markReady = useCallback(() => setContentReady(true), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <OnContentReady onReady={markReady} />
        </Suspense>
      </main>
      <GetInTouch observe={contentReady} />
      <Footer />
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}
