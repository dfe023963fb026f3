import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@medallion/contracts/site';
import { Spinner } from '@/components/ui/spinner';
import { Footer } from './footer';
import { GetInTouch } from './get-in-touch';
import { Header } from './header';

/**
 * A whole page still loading: it fills the window below the header, so the Get in touch section and
 * the footer stay out of sight until the page arrives, instead of showing and then being pushed down.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center text-slate-500">
      <Spinner label={t('loading')} className="[&>span:first-child]:size-8" />
    </div>
  );
}

/** The shared frame: header, page, Get in touch, footer, and the toast area. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <GetInTouch />
      <Footer />
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}
