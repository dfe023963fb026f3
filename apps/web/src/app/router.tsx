import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { createLoaders, createRootLoader, preloadTexts, type LoaderQueryClient } from './loaders';
import { RouteError } from './routes/route-error';

/**
 * The one route table, used by the browser (createBrowserRouter) and by the server
 * (entry-server.tsx: createStaticHandler). Every page is a lazy chunk; its loader (app/loaders.ts)
 * is not, so its data starts with the route rather than after the chunk. `handle.chunk` names the
 * page's module so the server can preload its chunk (Vite's manifest is keyed by that path).
 * The server builds it once per process and passes a getter of the request's query cache.
 */
export function createRoutes(queryClient: LoaderQueryClient): RouteObject[] {
  const loaders = createLoaders(queryClient);
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      loader: createRootLoader(queryClient),
      children: [
        { index: true, ...page('home', ['home'], async () => ({ Component: (await import('./routes/home')).HomeRoute })) },
        { path: 'steps', ...page('steps', ['steps'], async () => ({ Component: (await import('./routes/steps')).StepsRoute })) },
        { path: 'terms', ...page('terms', ['terms'], async () => ({ Component: (await import('./routes/terms')).TermsRoute })) },
        {
          path: 'marketplace',
          loader: loaders.marketplace,
          ...page('marketplace', ['listings'], async () => ({ Component: (await import('./routes/marketplace')).MarketplaceRoute })),
        },
        {
          path: 'listing/:listingId',
          loader: loaders.listing,
          ...page('listing', ['listings', 'conversations', 'listingReports', 'rentals'], async () => ({
            Component: (await import('./routes/listing')).ListingRoute,
          })),
        },
        {
          path: 'create-listing',
          loader: loaders.private,
          ...page('create-listing', ['createListing', 'listings', 'payments'], async () => ({
            Component: (await import('./routes/create-listing')).CreateListingRoute,
          })),
        },
        {
          path: 'checkout',
          loader: loaders.private,
          ...page('checkout', ['checkout', 'payments'], async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute })),
        },
        { path: 'shop', loader: loaders.shop, ...page('shop', ['shop'], async () => ({ Component: (await import('./routes/shop')).ShopRoute })) },
        {
          path: 'cart',
          loader: loaders.private,
          ...page('cart', ['shop', 'checkout', 'payments'], async () => ({ Component: (await import('./routes/cart')).CartRoute })),
        },
        { path: 'exam', loader: loaders.exam, ...page('exam', ['exam'], async () => ({ Component: (await import('./routes/exam')).ExamRoute })) },
        {
          path: 'exam-checkout',
          loader: loaders.private,
          ...page('exam-checkout', ['exam', 'payments'], async () => ({ Component: (await import('./routes/exam-checkout')).ExamCheckoutRoute })),
        },
        {
          path: 'dashboard',
          loader: loaders.private,
          ...page('dashboard', ['dashboard', 'listings', 'shop', 'exam', 'auth', 'conversations', 'security', 'profile', 'rentals'], async () => ({
            Component: (await import('./routes/dashboard')).DashboardRoute,
          })),
        },
        { path: 'login', loader: loaders.login, ...page('login', ['auth'], async () => ({ Component: (await import('./routes/login')).LoginRoute })) },
        { path: 'admin', loader: loaders.private, ...page('admin', ['admin'], async () => ({ Component: (await import('./routes/admin')).AdminRoute })) },
        {
          path: 'admin/listings',
          loader: loaders.private,
          ...page('admin-listings', ['admin', 'listings'], async () => ({ Component: (await import('./routes/admin-listings')).AdminListingsRoute })),
        },
        {
          path: 'admin/reports',
          loader: loaders.private,
          ...page('admin-reports', ['admin', 'listingReports'], async () => ({ Component: (await import('./routes/admin-reports')).AdminReportsRoute })),
        },
        {
          path: 'admin/exam',
          loader: loaders.private,
          ...page('admin-exam', ['admin', 'exam'], async () => ({ Component: (await import('./routes/admin-exam')).AdminExamRoute })),
        },
        {
          path: 'admin/products',
          loader: loaders.private,
          ...page('admin-products', ['adminShop'], async () => ({ Component: (await import('./routes/admin-products')).AdminProductsRoute })),
        },
        {
          path: 'admin/rental-claims',
          loader: loaders.private,
          ...page('admin-rental-claims', ['handover', 'admin'], async () => ({
            Component: (await import('./routes/admin-rental-claims')).AdminRentalClaimsRoute,
          })),
        },
        {
          path: 'rentals/:rentalId/handover',
          loader: loaders.private,
          ...page('rental-handover', ['handover'], async () => ({ Component: (await import('./routes/rental-handover')).RentalHandoverRoute })),
        },
        {
          path: 'rentals/:rentalId/pay',
          loader: loaders.private,
          ...page('rental-pay', ['rentalPayments', 'payments'], async () => ({ Component: (await import('./routes/rental-pay')).RentalPayRoute })),
        },
        {
          path: 'rentals/:rentalId/weeks/:week/pay',
          loader: loaders.private,
          ...page('rental-week-pay', ['rentalPayments', 'payments'], async () => ({
            Component: (await import('./routes/rental-week-pay')).RentalWeekPayRoute,
          })),
        },
        {
          path: 'admin/orders',
          loader: loaders.private,
          ...page('admin-orders', ['adminShop'], async () => ({ Component: (await import('./routes/admin-orders')).AdminOrdersRoute })),
        },
        { path: 'auth', ...page('auth-callback', ['auth'], async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackRoute })) },
        {
          path: 'success-setup-intent',
          ...page('success-setup-intent', ['payments'], async () => ({ Component: (await import('./routes/success-setup-intent')).SuccessSetupIntentRoute })),
        },
        {
          path: 'unsubscribe',
          loader: loaders.unsubscribe,
          ...page('unsubscribe', ['listings'], async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribeRoute })),
        },
        {
          path: 'account/restore-email',
          ...page('restore-email', ['profile'], async () => ({ Component: (await import('./routes/restore-email')).RestoreEmailRoute })),
        },
        { path: 'dev/mail', ...page('dev-mail', ['devMail'], async () => ({ Component: (await import('./routes/dev-mail')).DevMailRoute })) },
        { path: '*', ...page('not-found', [], async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute })) },
      ],
    },
  ];
  for (const route of routes[0]!.children ?? []) withTexts(route);
  return routes;
}

/** Every page's loader also starts loading its texts. */
function withTexts(route: RouteObject): void {
  const { namespaces } = route.handle as RouteHandle;
  const data = route.loader;
  route.loader = (args) => {
    preloadTexts(namespaces);
    return typeof data === 'function' ? data(args) : null;
  };
}

export interface RouteHandle {
  /** The page module's path from the web app's root, as Vite's manifest names it. */
  chunk: string;
  /** The i18n namespaces the page shows. */
  namespaces: readonly string[];
}

/**
 * A lazy page: its chunk, its texts (namespaces, preloaded by a loader of their own in the
 * browser) and its data loader all start together when the route is entered.
 */
function page(name: string, namespaces: readonly string[], lazy: NonNullable<RouteObject['lazy']>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy, handle: { chunk: `src/app/routes/${name}.tsx`, namespaces } satisfies RouteHandle };
}

export function createAppRouter(queryClient: QueryClient, routes = createRoutes(queryClient), hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
