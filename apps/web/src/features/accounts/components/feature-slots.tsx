import type { ComponentType } from 'react';
import { usePageTitle } from '../../../lib/document-head';
import { useTranslation } from '../../../lib/use-translation';
import styles from './accounts.module.css';

// The profile tabs other features fill. Each slot renders that feature's component when its file
// exists, found at build time, so neither side edits the other's files:
//   BoligAgent tab    features/boligagent/profile-boligagent-tab.tsx        export ProfileBoligagentTab
//   Tenant ad tab     features/tenant-ad/profile-tenant-tab.tsx             export ProfileTenantTab
//   Subscription tab  features/subscriptions/profile-subscription-tab.tsx   export ProfileSubscriptionTab
//   Saved dwellings   features/favourites/profile-favourites-tab.tsx        export ProfileFavouritesTab

type Modules = Record<string, Record<string, unknown>>;

function pick(modules: Modules, exportName: string): ComponentType | null {
  for (const module of Object.values(modules)) {
    const component = module[exportName];
    if (typeof component === 'function') return component as ComponentType;
  }
  return null;
}

const BoligagentTab = pick(import.meta.glob('../../boligagent/profile-boligagent-tab.tsx', { eager: true }), 'ProfileBoligagentTab');
const TenantTab = pick(import.meta.glob('../../tenant-ad/profile-tenant-tab.tsx', { eager: true }), 'ProfileTenantTab');
const FavouritesTab = pick(import.meta.glob('../../favourites/profile-favourites-tab.tsx', { eager: true }), 'ProfileFavouritesTab');
const SubscriptionTab = pick(import.meta.glob('../../subscriptions/profile-subscription-tab.tsx', { eager: true }), 'ProfileSubscriptionTab');

// Each tab's page names the tab (usePageTitle); a placeholder does it for the page it stands in for.
function Placeholder({ heading, text }: { heading: string; text: string }) {
  usePageTitle(heading);
  return (
    <section className={styles.section}>
      <h2>{heading}</h2>
      <p className={styles.muted}>{text}</p>
    </section>
  );
}

export function ProfileBoligagentSlot() {
  const { t } = useTranslation();
  return BoligagentTab ? <BoligagentTab /> : <Placeholder heading={t('accounts.profile.tabs.boligagent')} text={t('accounts.placeholders.boligagent')} />;
}

export function ProfileTenantSlot() {
  const { t } = useTranslation();
  return TenantTab ? <TenantTab /> : <Placeholder heading={t('accounts.placeholders.tenantHeading')} text={t('accounts.placeholders.tenant')} />;
}

export function ProfileSubscriptionSlot() {
  const { t } = useTranslation();
  return SubscriptionTab ? <SubscriptionTab /> : <Placeholder heading={t('accounts.placeholders.subscriptionHeading')} text={t('accounts.placeholders.subscription')} />;
}

export function ProfileFavouritesSlot() {
  const { t } = useTranslation();
  return FavouritesTab ? <FavouritesTab /> : <Placeholder heading={t('accounts.profile.tabs.favourites')} text="" />;
}
