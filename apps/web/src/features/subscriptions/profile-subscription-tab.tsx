import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/ui/page-loading';

// The subscription and invoice pages carry Apollo Client and the payment element: their own chunk,
// fetched when a user opens them, never with the public pages (this file itself is in the main bundle).
const SubscriptionPage = lazy(() => import('./pages/subscription-page').then((m) => ({ default: m.SubscriptionPage })));
const InvoicePage = lazy(() => import('./pages/invoice-page').then((m) => ({ default: m.InvoicePage })));

/** /profile/subscription: filled into the profile's Subscription slot (accounts/components/feature-slots.tsx). */
export function ProfileSubscriptionTab() {
  return (
    <Suspense fallback={<PageLoading />}>
      <SubscriptionPage />
    </Suspense>
  );
}

/** /profile/invoice/{id}. */
export function ProfileInvoiceRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <InvoicePage />
    </Suspense>
  );
}
