import { useTranslation } from '../../../lib/use-translation';
import styles from '../boligagent.module.css';

/**
 * The boligagent offer on a phone: a slim bar at the bottom (under a tenth of a 360 × 740 screen)
 * that covers nothing the visitor is reading and takes no focus; the signup dialog opens only when
 * they tap it (docs/decisions/0020-accessibility.md).
 */
export function BoligagentSignupPrompt({ label, onOpen, onClose }: { label: string; onOpen(): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.prompt} data-testid="boligagent-prompt">
      <button type="button" className={`button button-primary ${styles.promptOpen}`} onClick={onOpen} aria-haspopup="dialog">
        {t('boligagent.modal.heading', { city: label })}
      </button>
      <button type="button" className={styles.promptClose} onClick={onClose} aria-label={t('boligagent.prompt.close')}>
        ×
      </button>
    </div>
  );
}
