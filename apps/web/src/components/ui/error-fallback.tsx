import { useTranslation } from '../../lib/use-translation';
import styles from './error-fallback.module.css';

/**
 * `reference`: the failed API call's request id, which the API's log lines carry, so support can find
 * what went wrong from what the visitor reads out (issue 33).
 */
export function ErrorFallback({ onRetry, detail, reference }: { onRetry: () => void; detail?: string; reference?: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.fallback} role="alert">
      <h1 className={styles.heading}>{t('error.heading')}</h1>
      {detail && <p className={styles.detail}>{detail}</p>}
      {reference && (
        <p className={styles.reference}>
          {t('error.reference')} <code translate="no">{reference}</code>
        </p>
      )}
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </section>
  );
}
