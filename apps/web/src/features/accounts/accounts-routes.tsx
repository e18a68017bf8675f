import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';
import { cancelSubscriptionRoute } from '../unsubscribe/unsubscribe-routes';

const PROFILE_PAGES = 'src/features/accounts/pages/profile-pages.tsx';

/**
 * The accounts pages of section 2. /profile/verify sits outside the login-guarded /profile, since a
 * verification link also works logged out. Other features fill the profile tabs through the slots.
 * Each page is its own chunk (lib/lazy-pages.ts); the profile's tabs share one.
 */
export function accountRoutes(): RouteObject[] {
  return [
    { path: 'login', ...lazyPage('src/features/accounts/pages/login-page.tsx', 'LoginPage') },
    { path: 'signup', ...lazyPage('src/features/accounts/pages/signup-page.tsx', 'SignupPage') },
    { path: 'reset-password', ...lazyPage('src/features/accounts/pages/reset-password-page.tsx', 'ResetPasswordPage') },
    { path: 'profile/verify', ...lazyPage('src/features/accounts/pages/verify-email-page.tsx', 'VerifyEmailPage') },
    {
      path: 'profile',
      ...lazyPage('src/features/accounts/pages/profile-layout.tsx', 'ProfileLayout'),
      children: [
        { index: true, ...lazyPage(PROFILE_PAGES, 'ProfileHomePage') },
        { path: 'password', ...lazyPage(PROFILE_PAGES, 'ProfilePasswordPage') },
        { path: 'boligagent', ...lazyPage(PROFILE_PAGES, 'ProfileBoligagentSlot') },
        { path: 'favourites', ...lazyPage(PROFILE_PAGES, 'ProfileFavouritesSlot') },
        { path: 'tenant', ...lazyPage(PROFILE_PAGES, 'ProfileTenantSlot') },
        { path: 'subscription', ...lazyPage(PROFILE_PAGES, 'ProfileSubscriptionSlot') },
        cancelSubscriptionRoute(),
        { path: 'invoice/:id', ...lazyPage(PROFILE_PAGES, 'ProfileInvoiceRoute') },
      ],
    },
  ];
}
