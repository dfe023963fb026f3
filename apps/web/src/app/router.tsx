import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './routes/route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
      { path: 'steps', lazy: async () => ({ Component: (await import('./routes/steps')).StepsRoute }) },
      { path: 'terms', lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }) },
      { path: 'marketplace', lazy: async () => ({ Component: (await import('./routes/marketplace')).MarketplaceRoute }) },
      { path: 'listing/:listingId', lazy: async () => ({ Component: (await import('./routes/listing')).ListingRoute }) },
      { path: 'create-listing', lazy: async () => ({ Component: (await import('./routes/create-listing')).CreateListingRoute }) },
      { path: 'checkout', lazy: async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute }) },
      { path: 'shop', lazy: async () => ({ Component: (await import('./routes/shop')).ShopRoute }) },
      { path: 'cart', lazy: async () => ({ Component: (await import('./routes/cart')).CartRoute }) },
      { path: 'exam', lazy: async () => ({ Component: (await import('./routes/exam')).ExamRoute }) },
      { path: 'exam-checkout', lazy: async () => ({ Component: (await import('./routes/exam-checkout')).ExamCheckoutRoute }) },
      { path: 'dashboard', lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }) },
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
      { path: 'admin', lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }) },
      { path: 'admin/listings', lazy: async () => ({ Component: (await import('./routes/admin-listings')).AdminListingsRoute }) },
      { path: 'admin/exam', lazy: async () => ({ Component: (await import('./routes/admin-exam')).AdminExamRoute }) },
      { path: 'admin/products', lazy: async () => ({ Component: (await import('./routes/admin-products')).AdminProductsRoute }) },
      { path: 'admin/orders', lazy: async () => ({ Component: (await import('./routes/admin-orders')).AdminOrdersRoute }) },
      { path: 'auth', lazy: async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackRoute }) },
      { path: 'success-setup-intent', lazy: async () => ({ Component: (await import('./routes/success-setup-intent')).SuccessSetupIntentRoute }) },
      { path: 'dev/mail', lazy: async () => ({ Component: (await import('./routes/dev-mail')).DevMailRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
