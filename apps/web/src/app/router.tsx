import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { createLoaders, createRootLoader } from './loaders';
import { RouteError } from './routes/route-error';

/**
 * The one route table, used by the browser (createBrowserRouter) and by the server
 * (entry-server.tsx: createStaticHandler). Every page is a lazy chunk; its loader (app/loaders.ts)
 * is not, so its data starts with the route rather than after the chunk. `handle.chunk` names the
 * page's module so the server can preload its chunk (Vite's manifest is keyed by that path).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = createLoaders(queryClient);
  return [
    {
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      loader: createRootLoader(queryClient),
      children: [
        { index: true, ...page('home', async () => ({ Component: (await import('./routes/home')).HomeRoute })) },
        { path: 'steps', ...page('steps', async () => ({ Component: (await import('./routes/steps')).StepsRoute })) },
        { path: 'terms', ...page('terms', async () => ({ Component: (await import('./routes/terms')).TermsRoute })) },
        { path: 'marketplace', loader: loaders.marketplace, ...page('marketplace', async () => ({ Component: (await import('./routes/marketplace')).MarketplaceRoute })) },
        { path: 'listing/:listingId', loader: loaders.listing, ...page('listing', async () => ({ Component: (await import('./routes/listing')).ListingRoute })) },
        { path: 'create-listing', ...page('create-listing', async () => ({ Component: (await import('./routes/create-listing')).CreateListingRoute })) },
        { path: 'checkout', ...page('checkout', async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute })) },
        { path: 'shop', loader: loaders.shop, ...page('shop', async () => ({ Component: (await import('./routes/shop')).ShopRoute })) },
        { path: 'cart', ...page('cart', async () => ({ Component: (await import('./routes/cart')).CartRoute })) },
        { path: 'exam', loader: loaders.exam, ...page('exam', async () => ({ Component: (await import('./routes/exam')).ExamRoute })) },
        { path: 'exam-checkout', ...page('exam-checkout', async () => ({ Component: (await import('./routes/exam-checkout')).ExamCheckoutRoute })) },
        { path: 'dashboard', ...page('dashboard', async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute })) },
        { path: 'login', loader: loaders.login, ...page('login', async () => ({ Component: (await import('./routes/login')).LoginRoute })) },
        { path: 'admin', ...page('admin', async () => ({ Component: (await import('./routes/admin')).AdminRoute })) },
        { path: 'admin/listings', ...page('admin-listings', async () => ({ Component: (await import('./routes/admin-listings')).AdminListingsRoute })) },
        { path: 'admin/exam', ...page('admin-exam', async () => ({ Component: (await import('./routes/admin-exam')).AdminExamRoute })) },
        { path: 'admin/products', ...page('admin-products', async () => ({ Component: (await import('./routes/admin-products')).AdminProductsRoute })) },
        { path: 'admin/orders', ...page('admin-orders', async () => ({ Component: (await import('./routes/admin-orders')).AdminOrdersRoute })) },
        { path: 'auth', ...page('auth-callback', async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackRoute })) },
        { path: 'success-setup-intent', ...page('success-setup-intent', async () => ({ Component: (await import('./routes/success-setup-intent')).SuccessSetupIntentRoute })) },
        { path: 'dev/mail', ...page('dev-mail', async () => ({ Component: (await import('./routes/dev-mail')).DevMailRoute })) },
        { path: '*', ...page('not-found', async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute })) },
      ],
    },
  ];
}

export interface RouteHandle {
  /** The page module's path from the web app's root, as Vite's manifest names it. */
  chunk: string;
}

function page(name: string, lazy: NonNullable<RouteObject['lazy']>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy, handle: { chunk: `src/app/routes/${name}.tsx` } satisfies RouteHandle };
}

export function createAppRouter(queryClient: QueryClient, routes = createRoutes(queryClient), hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
