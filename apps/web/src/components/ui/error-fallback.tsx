import { useTranslation } from '../../lib/use-translation';
import styles from './error-fallback.module.css';

export function ErrorFallback({ onRetry, detail }: { onRetry: () => void; detail?: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.fallback} role="alert">
      <h1 className={styles.heading}>{t('error.heading')}</h1>
      {detail && <p className={styles.detail}>{detail}</p>}
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </section>
  );
}
