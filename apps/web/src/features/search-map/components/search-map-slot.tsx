import { lazy, Suspense, useEffect, useState } from 'react';
import type { ListRequest } from '../../dwellings/dwellings-api';
import { useTranslation } from '../../../lib/use-translation';
import styles from './search-map-slot.module.css';

/**
 * The map's code (Leaflet, its clustering and drawing plugins: about 120 KB gzip) is a
 * chunk of its own, loaded only when the visitor chooses the map (issue 34): the list pages stay as
 * light as they were. A failed load says so in the box; the list below still works.
 */
const SearchMap = lazy(() =>
  import('./search-map').then(
    (module) => ({ default: module.SearchMap }),
    () => ({ default: MapUnavailable }),
  ),
);

/**
 * The map's place on a list page in map view. Leaflet needs a browser: the server renders the empty
 * box (the same height, so nothing moves), and the map loads after hydration.
 */
export function SearchMapSlot({ request }: { request: ListRequest }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = <Placeholder />;
  return inBrowser ? (
    <Suspense fallback={placeholder}>
      <SearchMap request={request} />
    </Suspense>
  ) : (
    placeholder
  );
}

function Placeholder() {
  const { t } = useTranslation();
  return (
    <div className={styles.placeholder} aria-busy="true" data-testid="search-map-placeholder">
      <p>{t('searchMap.loading')}</p>
    </div>
  );
}

function MapUnavailable() {
  const { t } = useTranslation();
  return (
    <div className={styles.placeholder} role="alert">
      <p>{t('searchMap.unavailable')}</p>
    </div>
  );
}
