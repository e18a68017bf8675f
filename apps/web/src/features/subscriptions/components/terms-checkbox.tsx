import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import styles from './subscriptions.module.css';

/**
 * The required "I accept the subscription and payment terms" box, with the link that opens the terms
 * modal: wherever a seeker says yes to a charge (the payment form, reactivating an ended subscription).
 */
export function TermsCheckbox({ checked, onChange, error, onShowTerms }: { checked: boolean; onChange(checked: boolean): void; error?: string; onShowTerms(): void }) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          name="terms"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          {t('subscriptions.form.termsAccept')}{' '}
          <button type="button" className={styles.linkButton} onClick={onShowTerms}>
            {t('subscriptions.form.termsLink')}
          </button>
        </span>
      </label>
      {error && (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
