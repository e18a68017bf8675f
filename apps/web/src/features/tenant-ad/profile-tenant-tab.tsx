import { TenantAdEditorPage } from './pages/tenant-ad-editor-page';

/** The profile's Tenant ad tab (/profile/tenant), found by the accounts feature's slot (feature-slots.tsx). */
export function ProfileTenantTab() {
  return <TenantAdEditorPage />;
}
