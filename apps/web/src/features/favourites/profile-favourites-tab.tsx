import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { dwellingListState, formatDate, formatDkk } from '@husly/domain';
import type { Favourite } from '@husly/contracts';
import { PageLoading } from '../../components/ui/page-loading';
import { useApi } from '../../lib/api-context';
import { usePageTitle } from '../../lib/document-head';
import { DwellingCard } from '../dwellings/components/dwelling-list';
import { favouritesApi } from './favourites-api';
import { FavouriteMailsToggle } from './favourite-mails-toggle';
import { clearFavouriteError, setFavourite, useFavourites } from './favourites-store';
import styles from './favourites.module.css';

/** What changed since it was saved (issue 34, ADR 0062): rented, reserved, a new rent. */
function SinceSaved({ item }: { item: Favourite }) {
  const { t } = useTranslation();
  const { rented, reserved, rentWhenSaved } = item.sinceSaved;
  const marks = [
    ...(rented ? [t('favourites.sinceSaved.rented')] : []),
    ...(reserved ? [t('favourites.sinceSaved.reserved')] : []),
    ...(rentWhenSaved !== null ? [t('favourites.sinceSaved.rent', { was: formatDkk(rentWhenSaved) })] : []),
  ];
  if (marks.length === 0) return null;
  return (
    <ul className={styles.changes} data-testid="since-saved">
      {marks.map((mark) => (
        <li key={mark}>{mark}</li>
      ))}
    </ul>
  );
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: Favourite[] };

/**
 * The profile's "Gemte boliger" tab (/profile/favourites), found by the accounts feature's slot
 * (feature-slots.tsx). A rented dwelling stays with "Udlejet {date}" and is not clickable (section 2).
 * Removing goes through the hearts' store, so the hearts elsewhere agree; a refused removal comes back.
 */
export function ProfileFavouritesTab() {
  const { t } = useTranslation();
  const api = useApi();
  const favourites = useFavourites();
  usePageTitle(t('favourites.heading'));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // Removed here and not refused (yet): hidden at once, shown again if the API refuses.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const fetchList = useCallback(
    (signal?: AbortSignal) => {
      setLoad({ status: 'loading' });
      favouritesApi(api)
        .list(signal)
        .then(({ data }) => setLoad({ status: 'ready', items: data }))
        .catch(() => {
          if (!signal?.aborted) setLoad({ status: 'failed' });
        });
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchList(controller.signal);
    return () => controller.abort();
  }, [fetchList]);

  useEffect(() => clearFavouriteError, []);

  const heading = (
    <>
      <h2>{t('favourites.heading')}</h2>
      <p className={styles.muted}>{t('favourites.intro')}</p>
    </>
  );
  if (load.status === 'loading') {
    return (
      <section className={styles.section} aria-busy="true">
        {heading}
        <PageLoading />
      </section>
    );
  }
  if (load.status === 'failed') {
    return (
      <section className={styles.section}>
        {heading}
        <p role="alert">{t('favourites.loadFailed')}</p>
        <p>
          <button type="button" className={styles.removeButton} onClick={() => fetchList()}>
            {t('favourites.retry')}
          </button>
        </p>
      </section>
    );
  }

  const items = load.items.filter((item) => !hidden.has(item.dwellingId));
  const remove = async (dwellingId: string) => {
    setHidden((current) => new Set(current).add(dwellingId));
    if (await setFavourite(api, dwellingId, false)) return;
    setHidden((current) => {
      const next = new Set(current);
      next.delete(dwellingId);
      return next;
    });
  };
  return (
    <section className={styles.section} aria-labelledby="favourites-heading">
      <h2 id="favourites-heading">{t('favourites.heading')}</h2>
      <p className={styles.muted}>{items.length === 0 ? t('favourites.empty') : t('favourites.count', { count: items.length })}</p>
      <FavouriteMailsToggle />
      {items.length === 0 ? (
        <p>
          <Link to="/search">{t('favourites.search')}</Link>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t('favourites.heading')}>
          {items.map((item) => (
            <li key={item.dwellingId} className={styles.item} data-testid="favourite-item">
              <DwellingCard dwelling={item} />
              <div className={styles.itemFooter}>
                {dwellingListState(item) === 'rented' ? (
                  <span className={styles.rentedNote}>
                    {t('favourites.rented')} {formatDate(item.deletedAt as string)}
                  </span>
                ) : (
                  <span>
                    {t('favourites.saved')} {formatDate(item.savedAt)}
                  </span>
                )}
                <button
                  type="button"
                  className={styles.removeButton}
                  aria-label={t('favourites.removeItemLabel', { headline: item.headline })}
                  onClick={() => void remove(item.dwellingId)}
                >
                  {t('favourites.removeItem')}
                </button>
              </div>
              <SinceSaved item={item} />
              {favourites.error?.dwellingId === item.dwellingId && (
                <p className={styles.error} role="alert">
                  {t('favourites.removeFailed')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
