import { useTranslation } from '../../lib/use-translation';
import styles from './page-loading.module.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}
