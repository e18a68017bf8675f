import { useEffect, useId, useRef, useState } from 'react';
import type { BoligagentMapAreaInputBody } from '@husly/contracts';
import { useTranslation } from '../../../lib/use-translation';
import { BOLIGAGENT } from '@husly/domain';
import { useModalFocus } from '../../../components/ui/use-modal-focus';
import { BoligagentSignupForm } from './boligagent-signup-form';
import styles from '../boligagent.module.css';

/**
 * The boligagent signup dialog: the city page's (`area`, a city slug), or a drawn area's (`mapArea`,
 * from the map's button). Closes by itself 5 s after a successful signup (section 9).
 */
export function BoligagentSignupModal({
  area,
  label,
  mapArea,
  onClose,
  onSucceeded,
}: {
  area?: string;
  label?: string;
  mapArea?: BoligagentMapAreaInputBody;
  onClose(): void;
  onSucceeded?(): void;
}) {
  const { t } = useTranslation();
  const [succeeded, setSucceeded] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useModalFocus(dialog, onClose);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(onClose, BOLIGAGENT.modal.closeAfterSuccessMs);
    return () => clearTimeout(timer);
  }, [succeeded, onClose]);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()} data-testid="boligagent-modal">
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1}>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('boligagent.modal.close')}>
          ×
        </button>
        <h2 id={headingId} className={styles.dialogHeading}>
          {mapArea ? t('boligagent.mapArea.heading') : t('boligagent.modal.heading', { city: label })}
        </h2>
        <p className={styles.muted}>{mapArea ? t('boligagent.mapArea.text') : t('boligagent.modal.text', { city: label })}</p>
        <div style={{ marginTop: 16 }}>
          <BoligagentSignupForm variant="modal" prefs={mapArea ? [] : [{ area }]} mapAreas={mapArea ? [mapArea] : undefined} onSuccess={() => {
              setSucceeded(true);
              onSucceeded?.();
            }} />
        </div>
        {succeeded && <p className={styles.muted}>{t('boligagent.modal.closing')}</p>}
      </div>
    </div>
  );
}
