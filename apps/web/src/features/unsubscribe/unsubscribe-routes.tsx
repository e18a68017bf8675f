import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';

/** The public unsubscribe pages (section 2: the unsubscribe page and its confirmation link). */
export function unsubscribeRoutes(): RouteObject[] {
  return [
    { path: 'afmelding', ...lazyPage('src/features/unsubscribe/pages/manual-unsubscribe-page.tsx', 'ManualUnsubscribePage') },
    { path: 'afmelding/bekraeft', ...lazyPage('src/features/unsubscribe/pages/confirm-unsubscribe-page.tsx', 'ConfirmUnsubscribePage') },
  ];
}

/** /profile/subscription/cancel/:id, a tab of the profile (accounts-routes.tsx mounts it there). */
export function cancelSubscriptionRoute(): RouteObject {
  return { path: 'subscription/cancel/:id', ...lazyPage('src/features/unsubscribe/pages/cancel-subscription-page.tsx', 'CancelSubscriptionPage') };
}
