import { useTranslation } from '../../../lib/use-translation';
import { Dialog } from './dialog';
import { SubscriptionTermsContent } from './terms-content';

export function TermsModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog heading={t('subscriptions.terms.heading')} onClose={onClose} testId="terms-modal">
      <SubscriptionTermsContent />
      <div style={{ marginTop: 16 }}>
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('subscriptions.terms.close')}
        </button>
      </div>
    </Dialog>
  );
}
