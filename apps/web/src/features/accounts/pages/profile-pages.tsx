import { usePageTitle } from '../../../lib/document-head';
import { useTranslation } from '../../../lib/use-translation';
import { PurchaseWelcome } from '../../subscriptions/purchase-welcome';
import { FoundHomeNotice } from '../../unsubscribe/components/found-home-notice';
import { ProfileEditPage } from './profile-edit-page';

// The profile's tabs: one chunk, fetched when a signed-in user opens the profile (accounts-routes.tsx).
export { ProfileBoligagentSlot, ProfileFavouritesSlot, ProfileSubscriptionSlot, ProfileTenantSlot } from '../components/feature-slots';
export { ProfileInvoiceRoute } from '../../subscriptions/profile-subscription-tab';
export { ProfilePasswordPage } from './profile-password-page';

/** /profile: what a purchase or a found home has to say, above the profile form. */
export function ProfileHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('accounts.profile.tabs.edit'));
  return (
    <>
      <PurchaseWelcome />
      <FoundHomeNotice />
      <ProfileEditPage />
    </>
  );
}
