import { createBrowserRouter } from 'react-router';
import { categoryLoader } from '../features/catalog/category-loader.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { ErrorPage } from './error-page.tsx';
import { lazyPage } from './lazy.ts';
import { RequireAuth, RequireRole } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

// The home page is in the entry chunk (it is the landing page); every other page is its own chunk.
export const router = createBrowserRouter([
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
      {
        Component: RequireAuth,
        children: [
          // Its cars are loaded before the page opens (specification); the code chunk loads alongside.
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
        lazy: lazyPage(() => import('../features/dashboard/dashboard-layout.tsx')),
        children: [
          { index: true, lazy: lazyPage(() => import('../features/dashboard/welcome-page.tsx')) },
          {
            element: <RequireRole role="admin" />,
            children: [
              { path: 'allseller', lazy: lazyPage(() => import('../features/admin/all-sellers-page.tsx')) },
              { path: 'allbuyer', lazy: lazyPage(() => import('../features/admin/all-buyers-page.tsx')) },
              { path: 'reporteditems', lazy: lazyPage(() => import('../features/admin/reported-items-page.tsx')) },
            ],
          },
          {
            element: <RequireRole role="seller" />,
            children: [
              { path: 'addProduct', lazy: lazyPage(() => import('../features/catalog/add-product-page.tsx')) },
              { path: 'myproducts', lazy: lazyPage(() => import('../features/catalog/my-products-page.tsx')) },
            ],
          },
          {
            element: <RequireRole role="buyer" />,
            children: [
              { path: 'myorders', lazy: lazyPage(() => import('../features/bookings/my-orders-page.tsx')) },
              { path: 'mywishlist', lazy: lazyPage(() => import('../features/wishlist/my-wishlist-page.tsx')) },
              { path: 'payment/:id', lazy: lazyPage(() => import('../features/payments/payment-page.tsx')) },
              {
                path: 'wishlistpayment/:id',
                lazy: lazyPage(() => import('../features/payments/wishlist-payment-page.tsx')),
              },
            ],
          },
        ],
      },
    ],
  },
]);
