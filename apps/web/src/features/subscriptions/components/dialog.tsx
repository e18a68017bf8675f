import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useModalFocus } from '../../../components/ui/use-modal-focus';
import styles from './subscriptions.module.css';

/** A modal dialog: focus moves in and stays in, Escape and the backdrop close it, focus returns on close. */
export function Dialog({ heading, onClose, children, testId }: { heading: string; onClose(): void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useModalFocus(ref, onClose);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1} data-testid={testId}>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('subscriptions.dialog.close')}>
          ×
        </button>
        <h2 id={headingId} className={styles.subHeading}>
          {heading}
        </h2>
        {children}
      </div>
    </div>
  );
}
