import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/use-translation';
import { loginHref } from '../accounts/navigation';
import { getSession } from '../accounts/session-store';
import styles from './favourites.module.css';
import { rememberPendingHeart } from './pending-heart';
import { clearFavouriteError, toggleFavourite, useFavourite } from './use-favourite';

/** How long a failed save's message stays. */
const ERROR_MS = 6000;

/**
 * The heart on a dwelling card and on /vis/{id}. Pressed = saved. A visitor is sent to login with
 * `next` back to this page, and the dwelling is saved once they are logged in (pending-heart.ts). The server renders it unpressed (the saved ids are loaded in the browser,
 * and the code that loads them only for a user: use-favourite.ts).
 * `variant="detail"` adds the words beside the heart.
 */
export function FavouriteButton({ dwellingId, variant = 'card' }: { dwellingId: string; variant?: 'card' | 'detail' }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const { saved, error: failed } = useFavourite(dwellingId);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(clearFavouriteError, ERROR_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  const onClick = () => {
    // Read now, not subscribed to: only the heart's own state re-renders it.
    const session = getSession();
    if (session.status === 'guest') {
      // Saved after the login (favourites-store.ts), so the tap is not lost on the way.
      rememberPendingHeart(dwellingId);
      void navigate(loginHref(`${location.pathname}${location.search}`));
      return;
    }
    // Ignored while the session is still restoring: whose heart would it be?
    toggleFavourite(api, dwellingId, !saved);
  };

  const label = saved ? t('favourites.remove') : t('favourites.save');
  return (
    <span className={`${styles.heartWrap} ${variant === 'detail' ? styles.detailWrap : styles.cardWrap}`}>
      <button
        type="button"
        className={`${styles.heart} ${variant === 'detail' ? styles.detailHeart : ''}`}
        aria-pressed={saved}
        aria-label={variant === 'card' ? label : undefined}
        title={label}
        onClick={onClick}
        data-testid="favourite-button"
      >
        <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 20.6 10.7 19.4C5.9 15.1 2.8 12.3 2.8 8.8 2.8 6 5 3.8 7.8 3.8c1.6 0 3.1.7 4.2 1.9 1.1-1.2 2.6-1.9 4.2-1.9 2.8 0 5 2.2 5 5 0 3.5-3.1 6.3-7.9 10.6L12 20.6Z" />
        </svg>
        {variant === 'detail' && <span className={styles.detailText}>{label}</span>}
      </button>
      {failed && (
        <span className={styles.error} role="alert">
          {failed.message ?? (failed.action === 'save' ? t('favourites.failed') : t('favourites.removeFailed'))}
        </span>
      )}
    </span>
  );
}

