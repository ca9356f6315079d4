import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import { orderQuery } from '../features/bookings/api.ts';
import { carPageQuery, isNoSuchCar, similarCarsQuery } from '../features/cars/index.ts';
import { sellerCarsQuery, sellerProfileQuery } from '../features/profiles/index.ts';
import { categoryProductsQuery } from '../features/catalog/api.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { apiQueryString, searchResultsQuery } from '../features/search/index.ts';
import { wishlistItemQuery } from '../features/wishlist/api.ts';
import { PageSpinner } from '../ui/spinner.tsx';
import { ErrorPage } from './error-page.tsx';
import { lazyPage } from './lazy.ts';
import { loadBeforeOpening } from './load-before-opening.ts';
import { RequireAuth, RequireRole } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The app's routes, their loaders filling `queryClient`: the browser's cache (main.tsx) or the one of
 * a page the server draws (entry-server.tsx).
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  // Route loaders: the data of these pages is loaded before they open (the category, search, car, order and wishlist-item pages). A category
  // already cached opens at once and refreshes in the background; an order or wishlist item older than
  // its query's staleTime (or marked stale by a payment) is fetched again first, so a payment page
  // never opens on an old paid state.
  const id = (params: LoaderFunctionArgs['params']) => params.id ?? '';
  const categoryLoader = ({ params }: LoaderFunctionArgs) =>
    loadBeforeOpening(() => queryClient.infiniteQuery({ ...categoryProductsQuery(id(params)), staleTime: 'static' }));
  // A car's page is fetched afresh at every opening: its answer depends on the session (a visitor gets
  // less), which may have begun since it was cached, and a car sold in between must not offer Book Now.
  // A car that is not there (sold, no longer listed, never listed, an address cut short) is the
  // page's own answer, with similar cars, loaded with it: a page drawn by the server says so before
  // the app has come.
  const carLoader = ({ params }: LoaderFunctionArgs) =>
    loadBeforeOpening(async () => {
      try {
        await queryClient.query({ ...carPageQuery(id(params)), staleTime: 0 });
      } catch (error) {
        if (!isNoSuchCar(error)) throw error;
        await queryClient.prefetchQuery(similarCarsQuery(id(params)));
      }
    });
  // The search's first page too (a prefetch: a refused address is the page's own message, not the
  // route's error screen). Only on arriving: a filter changed on the page shows the previous results
  // dimmed while the next come, rather than holding the address back until they are there.
  const searchLoader = ({ request }: LoaderFunctionArgs) =>
    queryClient.prefetchInfiniteQuery(searchResultsQuery(apiQueryString(new URL(request.url).searchParams))).then(() => null);
  const searchShouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
    currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
  // A seller's profile and the first page of their cars together; an unknown seller is the page's own answer.
  const sellerLoader = ({ params }: LoaderFunctionArgs) =>
    loadBeforeOpening(() => Promise.all([queryClient.query(sellerProfileQuery(id(params))), queryClient.prefetchInfiniteQuery(sellerCarsQuery(id(params)))]), {
      pageShowsNotFound: true,
    });
  const orderLoader = ({ params }: LoaderFunctionArgs) => loadBeforeOpening(() => queryClient.query(orderQuery(id(params))));
  const wishlistItemLoader = ({ params }: LoaderFunctionArgs) => loadBeforeOpening(() => queryClient.query(wishlistItemQuery(id(params))));

  // The home page is in the entry chunk (it is the landing page); every other page is its own chunk.
  return [
    {
      path: '/',
      Component: RootLayout,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, Component: HomePage },
        { path: 'blog', lazy: lazyPage(() => import('../features/blog/blog-page.tsx')) },
        { path: 'login', lazy: lazyPage(() => import('../features/auth/login-page.tsx')) },
        { path: 'signup', lazy: lazyPage(() => import('../features/auth/signup-page.tsx')) },
        { path: 'forgot-password', lazy: lazyPage(() => import('../features/auth/forgot-password-page.tsx')) },
        // A reset email's link: no session needed, the token is in the address.
        { path: 'reset-password', lazy: lazyPage(() => import('../features/auth/reset-password-page.tsx')) },
        { path: 'terms', lazy: lazyPage(() => import('../features/legal/terms-page.tsx')) },
        { path: 'privacy', lazy: lazyPage(() => import('../features/legal/privacy-page.tsx')) },
        // Public, as every car on the market is: a visitor is asked to sign in only to act (book, save, message, report).
        // What's my car worth?: public, as a visitor values a car before making an account.
        { path: 'value', lazy: lazyPage(() => import('../features/valuation/value-page.tsx')) },
        { path: 'cars/:id', loader: carLoader, lazy: lazyPage(() => import('../features/cars/car-page.tsx')) },
        { path: 'compare', lazy: lazyPage(() => import('../features/compare/compare-page.tsx')) },
        { path: 'sellers/:id', loader: sellerLoader, lazy: lazyPage(() => import('../features/profiles/seller-profile-page.tsx')) },
        {
          path: 'search',
          loader: searchLoader,
          shouldRevalidate: searchShouldRevalidate,
          lazy: lazyPage(() => import('../features/search/search-page.tsx')),
        },
        // An email's unsubscribe link: no session needed, the token is in the address.
        { path: 'unsubscribe', lazy: lazyPage(() => import('../features/notifications/unsubscribe-page.tsx')) },
        // Where an email's confirmation link ends: no session needed (the link signs its opener in).
        { path: 'confirm-email', lazy: lazyPage(() => import('../features/auth/confirm-email-page.tsx')) },
        // The development mailbox (the server answers its API in development and test only).
        { path: 'dev/mailbox', lazy: lazyPage(() => import('../features/mailbox/mailbox-page.tsx')) },
        {
          Component: RequireAuth,
          children: [
            // Signed-in, as the specification has it; a visitor browses the same make through the search.
            { path: 'category/:id', loader: categoryLoader, lazy: lazyPage(() => import('../features/catalog/category-page.tsx')) },
          ],
        },
      ],
    },
    {
      path: '/dashboard',
      Component: RequireAuth,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          lazy: lazyPage(() => import('./dashboard-layout.tsx')),
          children: [
            { index: true, lazy: lazyPage(() => import('../features/dashboard/welcome-page.tsx')) },
            { path: 'messages', lazy: lazyPage(() => import('../features/messages/messages-page.tsx')) },
            { path: 'alerts', lazy: lazyPage(() => import('../features/alerts/my-alerts-page.tsx')) },
            { path: 'settings', lazy: lazyPage(() => import('../features/settings/settings-page.tsx')) },
            // Where an admin without two-factor sign-in is taken before any admin page (RequireRole).
            { path: 'two-factor-setup', lazy: lazyPage(() => import('../features/two-factor/two-factor-setup-page.tsx')) },
            {
              element: <RequireRole role="admin" />,
              children: [
                { path: 'allseller', lazy: lazyPage(() => import('../features/admin/all-sellers-page.tsx')) },
                { path: 'allbuyer', lazy: lazyPage(() => import('../features/admin/all-buyers-page.tsx')) },
                { path: 'reporteditems', lazy: lazyPage(() => import('../features/admin/reported-items-page.tsx')) },
                { path: 'categories', lazy: lazyPage(() => import('../features/admin/categories-page.tsx')) },
                { path: 'disputes', lazy: lazyPage(() => import('../features/disputes/disputes-page.tsx')) },
                { path: 'disputes/:id', lazy: lazyPage(() => import('../features/disputes/dispute-case-page.tsx')) },
              ],
            },
            {
              element: <RequireRole role="seller" />,
              children: [
                { path: 'addProduct', lazy: lazyPage(() => import('../features/listings/add-product-page.tsx')) },
                { path: 'myproducts', lazy: lazyPage(() => import('../features/listings/my-products-page.tsx')) },
                { path: 'myproducts/:id/edit', lazy: lazyPage(() => import('../features/listings/edit-product-page.tsx')) },
                { path: 'products/:id/performance', lazy: lazyPage(() => import('../features/listings/performance-page.tsx')) },
                { path: 'bookings', lazy: lazyPage(() => import('../features/bookings/booking-requests-page.tsx')) },
                { path: 'payouts', lazy: lazyPage(() => import('../features/payouts/payouts-page.tsx')) },
                { path: 'payouts/test-onboarding', lazy: lazyPage(() => import('../features/payouts/test-onboarding-page.tsx')) },
              ],
            },
            {
              element: <RequireRole role="buyer" />,
              children: [
                { path: 'myorders', lazy: lazyPage(() => import('../features/bookings/my-orders-page.tsx')) },
                { path: 'mywishlist', lazy: lazyPage(() => import('../features/wishlist/my-wishlist-page.tsx')) },
                { path: 'payment/:id', loader: orderLoader, lazy: lazyPage(() => import('../features/payments/payment-page.tsx')) },
                {
                  path: 'wishlistpayment/:id',
                  loader: wishlistItemLoader,
                  lazy: lazyPage(() => import('../features/payments/wishlist-payment-page.tsx')),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
