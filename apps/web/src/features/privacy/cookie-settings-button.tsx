import { useTranslation } from '../../lib/use-translation';
import { reopenConsent } from './consent-store';

/** The footer's way back to the cookie choice: a consent must be as easy to withdraw as to give. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} onClick={reopenConsent}>
      {t('privacy.settings')}
    </button>
  );
}
