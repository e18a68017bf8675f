import { useTranslation } from '../../lib/use-translation';
import { reopenConsent } from './consent-store';

/** The footer's way back to the cookie choice: a consent must be as easy to withdraw as to give. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    // data-cookie-settings: the footer's server HTML is never hydrated, and the layout's handler finds it by it.
    <button type="button" className={className} onClick={reopenConsent} data-cookie-settings="">
      {t('privacy.settings')}
    </button>
  );
}
