import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from './use-modal-focus';
import styles from './dialog.module.css';

export interface DialogProps {
  heading: ReactNode;
  /** The × button's name for screen readers, in the caller's words. */
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  /** Of the heading, for the caller's type. */
  headingClassName?: string;
  testId?: string;
}

/** A modal dialog: focus moves in and stays in, Escape and the backdrop close it, focus returns on close. */
export function Dialog({ heading, closeLabel, onClose, children, headingClassName, testId }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useModalFocus(ref, onClose);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1} data-testid={testId}>
        <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
        <h2 id={headingId} className={headingClassName}>
          {heading}
        </h2>
        {children}
      </div>
    </div>
  );
}
