import { Navigate, Outlet, ScrollRestoration, createBrowserRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { RequireAdmin, RequireNavRole, RequireSession, RequireToken } from './components/auth/route-guards';
import { AdminShell } from './components/layout/admin-shell';
import { MainShell } from './components/layout/main-shell';
import { RouteError } from './components/layout/route-error';
import { ShellNotFound } from './components/layout/shell-not-found';
import { FullPageSpinner } from './components/ui/full-page-spinner';
import { loadLoginPage } from './pages/login/load-login-page';

const RootLayout = (): ReactElement => (
  <>
    <Outlet />
    <ScrollRestoration />
  </>
);

/** Spec section 2, "App routes". Pages are loaded on demand so the landing page stays light. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./pages/landing/page')).LandingPage }) },
      { path: 'login', lazy: loadLoginPage },
      { path: 'register', lazy: async () => ({ Component: (await import('./pages/register/page')).RegisterPage }) },
      { path: 'forgot-password', lazy: async () => ({ Component: (await import('./pages/forgot-password/page')).ForgotPasswordPage }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('./pages/reset-password/page')).ResetPasswordPage }) },
      // A buyer's tracking page (decision 089): no sign-in, the token in the address is the only credential.
      { path: 't/:token', lazy: async () => ({ Component: (await import('./pages/public-tracking/page')).PublicTrackingPage }) },
      { path: 'r/:token', lazy: async () => ({ Component: (await import('./pages/public-return/page')).PublicReturnPage }) },
      { path: 'unsubscribe/:token', lazy: async () => ({ Component: (await import('./pages/unsubscribe/page')).UnsubscribePage }) },
      {
        path: 'onboarding',
        element: (
          <RequireToken>
            <Outlet />
          </RequireToken>
        ),
        children: [{ index: true, lazy: async () => ({ Component: (await import('./pages/onboarding/page')).OnboardingPage }) }],
      },
      {
        path: 'main',
        element: (
          <RequireSession>
            <MainShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/main/dashboard/page')).DashboardPage }) },
          { path: 'order-label', lazy: async () => ({ Component: (await import('./pages/main/order-label/page')).OrderLabelPage }) },
          { path: 'bulk-order', lazy: async () => ({ Component: (await import('./pages/main/bulk-order/page')).BulkOrderPage }) },
          { path: 'orders', lazy: async () => ({ Component: (await import('./pages/main/orders/page')).OrdersPage }) },
          { path: 'claims', lazy: async () => ({ Component: (await import('./pages/main/claims/page')).ClaimsPage }) },
          { path: 'stores', lazy: async () => ({ Component: (await import('./pages/main/stores/page')).StoresPage }) },
          { path: 'batch-orders', lazy: async () => ({ Component: (await import('./pages/main/batch-orders/page')).BatchOrdersPage }) },
          {
            path: 'batch-orders/:batchId',
            lazy: async () => ({ Component: (await import('./pages/main/batch-orders/batch-labels/page')).BatchLabelsPage }),
          },
          { path: 'deposit', lazy: async () => ({ Component: (await import('./pages/main/deposit/page')).DepositPage }) },
          { path: 'address', lazy: async () => ({ Component: (await import('./pages/main/address/page')).AddressBookPage }) },
          { path: 'sku', lazy: async () => ({ Component: (await import('./pages/main/sku/page')).SkuPage }) },
          { path: 'packages', lazy: async () => ({ Component: (await import('./pages/main/packages/page')).PackagesPage }) },
          { path: 'account', lazy: async () => ({ Component: (await import('./pages/main/account/page')).AccountPage }) },
          {
            path: 'invite',
            element: (
              <RequireNavRole to="/main/invite">
                <Outlet />
              </RequireNavRole>
            ),
            children: [{ index: true, lazy: async () => ({ Component: (await import('./pages/main/invite/page')).InvitePage }) }],
          },
          {
            path: 'admin',
            element: (
              <RequireNavRole to="/main/admin">
                <Outlet />
              </RequireNavRole>
            ),
            children: [{ index: true, lazy: async () => ({ Component: (await import('./pages/main/admin/page')).AdminPanelPage }) }],
          },
          { path: '*', element: <ShellNotFound homeTo="/main/dashboard" homeLabel="Go to your dashboard" /> },
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireAdmin>
            <AdminShell />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/admin/dashboard/page')).AdminDashboardPage }) },
          {
            path: 'user-management',
            lazy: async () => ({ Component: (await import('./pages/admin/user-management/page')).UserManagementPage }),
          },
          {
            path: 'order-label-management',
            lazy: async () => ({ Component: (await import('./pages/admin/order-label-management/page')).OrderLabelManagementPage }),
          },
          {
            path: 'referral-management',
            lazy: async () => ({ Component: (await import('./pages/admin/referral-management/page')).ReferralManagementPage }),
          },
          { path: 'default-services', lazy: async () => ({ Component: (await import('./pages/admin/default-services/page')).DefaultServicesPage }) },
          { path: 'audit-log', lazy: async () => ({ Component: (await import('./pages/admin/audit-log/page')).AuditLogPage }) },
          { path: '*', element: <ShellNotFound homeTo="/admin/dashboard" homeLabel="Go to the admin dashboard" /> },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found/page')).NotFoundPage }) },
    ],
  },
]);
