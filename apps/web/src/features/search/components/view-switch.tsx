import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { parseListFilters } from '../search-params';
import { areaHref, readSearchView, viewHref, type SearchView } from '../search-view';
import styles from './view-switch.module.css';

/**
 * "Liste | Kort" above the results (issue 34): two links, so the choice is in the URL (shareable, the
 * back button goes between them) and works before the page's script has run; the one shown carries
 * aria-current. The list stays the default: the map is an extra view of the same search. A list
 * narrowed by an area drawn on the map says so, with a link that removes it (the map has its button).
 */
export function ViewSwitch() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const current = readSearchView(params);
  const area = current === 'list' && parseListFilters(params).area !== undefined;
  const option = (view: SearchView, label: string) => (
    <Link
      to={viewHref(pathname, search, view)}
      className={styles.option}
      aria-current={view === current ? 'true' : undefined}
      preventScrollReset
      data-view={view}
    >
      {label}
    </Link>
  );
  return (
    <>
      <div className={styles.switch} role="group" aria-label={t('searchMap.switchLabel')}>
        {option('list', t('searchMap.list'))}
        {option('map', t('searchMap.map'))}
      </div>
      {area && (
        <p className={styles.area} data-testid="area-note">
          {t('searchMap.listInArea')}{' '}
          <Link to={areaHref(pathname, search, null)} preventScrollReset>
            {t('searchMap.clearArea')}
          </Link>
        </p>
      )}
    </>
  );
}
