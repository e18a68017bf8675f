import type { RouteObject } from 'react-router';
import { ProfileInvoiceRoute } from '../subscriptions/profile-subscription-tab';
import { PurchaseWelcome } from '../subscriptions/purchase-welcome';
import { FoundHomeNotice } from '../unsubscribe/components/found-home-notice';
import { CancelSubscriptionPage } from '../unsubscribe/pages/cancel-subscription-page';
import { ProfileBoligagentSlot, ProfileFavouritesSlot, ProfileSubscriptionSlot, ProfileTenantSlot } from './components/feature-slots';
import { LoginPage } from './pages/login-page';
import { ProfileEditPage } from './pages/profile-edit-page';
import { ProfileLayout } from './pages/profile-layout';
import { ProfilePasswordPage } from './pages/profile-password-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SignupPage } from './pages/signup-page';
import { VerifyEmailPage } from './pages/verify-email-page';

/**
 * The accounts pages of section 2. /profile/verify sits outside the login-guarded /profile, since a
 * verification link also works logged out. Other features fill the profile tabs through the slots.
 */
export function accountRoutes(): RouteObject[] {
  return [
    { path: 'login', element: <LoginPage /> },
    { path: 'signup', element: <SignupPage /> },
    { path: 'reset-password', element: <ResetPasswordPage /> },
    { path: 'profile/verify', element: <VerifyEmailPage /> },
    {
      path: 'profile',
      element: <ProfileLayout />,
      children: [
        {
          index: true,
          element: (
            <>
              <PurchaseWelcome />
              <FoundHomeNotice />
              <ProfileEditPage />
            </>
          ),
        },
        { path: 'password', element: <ProfilePasswordPage /> },
        { path: 'boligagent', element: <ProfileBoligagentSlot /> },
        { path: 'favourites', element: <ProfileFavouritesSlot /> },
        { path: 'tenant', element: <ProfileTenantSlot /> },
        { path: 'subscription', element: <ProfileSubscriptionSlot /> },
        { path: 'subscription/cancel/:id', element: <CancelSubscriptionPage /> },
        { path: 'invoice/:id', element: <ProfileInvoiceRoute /> },
      ],
    },
  ];
}
