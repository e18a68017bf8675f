import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BoligagentSignupModal } from './boligagent-signup-modal';
import styles from '../boligagent.module.css';

export interface BoligagentAreaSignupProps {
  /** The search URL's drawn area (canonical encoded polyline, docs/decisions/0064-area-search.md). */
  area: string;
  rent?: number;
  rooms?: number;
  size?: number;
}

/**
 * The map view's "create a BoligAgent for the area": opens the signup dialog with the drawn area and
 * the search's sliders filled in, as the list's block passes the city and sliders.
 */
export function BoligagentAreaSignup({ area, rent, rooms, size }: BoligagentAreaSignupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      {/* The site's primary button: `styles.submit` alone styles a button inside the signup form only. */}
      <button type="button" className={`button button-primary ${styles.areaButton}`} onClick={() => setOpen(true)} data-testid="boligagent-area-button">
        {t('boligagent.mapArea.button')}
      </button>
      {open && <BoligagentSignupModal mapArea={{ area, rent: rent ?? null, rooms: rooms ?? null, size: size ?? null }} onClose={close} />}
    </>
  );
}
