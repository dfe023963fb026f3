import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AppToaster } from '@/components/ui/toaster';
import { Footer } from './footer';
import { GetInTouch } from './get-in-touch';
import { Header } from './header';

/**
 * A whole page still loading (or a page waiting for the session): it fills the window below the header,
 * so that whatever follows it stays out of sight until the page arrives instead of being pushed down.
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
      {/* Get in touch and the footer come with the page, not before it: shown under a page that is still
          loading, they would be pushed down (a layout shift) when it arrives. */}
      <Suspense
        fallback={
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <PageLoader />
          </main>
        }
      >
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <GetInTouch />
        <Footer />
      </Suspense>
      <AppToaster />
      <ScrollRestoration />
    </div>
  );
}
