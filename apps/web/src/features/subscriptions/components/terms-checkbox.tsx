import { useTranslation } from '../../../lib/use-translation';
import { CheckboxField } from '../../../components/ui/form-field';
import styles from './subscriptions.module.css';

/**
 * The required "I accept the subscription and payment terms" box, with the link that opens the terms
 * modal: wherever a seeker says yes to a charge (the payment form, reactivating an ended subscription).
 */
export function TermsCheckbox({ checked, onChange, error, onShowTerms }: { checked: boolean; onChange(checked: boolean): void; error?: string; onShowTerms(): void }) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      name="terms"
      checked={checked}
      onChange={onChange}
      error={error}
      label={
        <>
          {t('subscriptions.form.termsAccept')}{' '}
          <button type="button" className={styles.linkButton} onClick={onShowTerms}>
            {t('subscriptions.form.termsLink')}
          </button>
        </>
      }
    />
  );
}
