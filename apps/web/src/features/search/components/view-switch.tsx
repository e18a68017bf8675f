import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { readSearchView, viewHref, type SearchView } from '../search-view';
import styles from './view-switch.module.css';

/**
 * "Liste | Kort" above the results (issue 34): two links, so the choice is in the URL (shareable, the
 * back button goes between them) and works before the page's script has run; the one shown carries
 * aria-current. The list stays the default: the map is an extra view of the same search.
 */
export function ViewSwitch() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = readSearchView(new URLSearchParams(search));
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
    <div className={styles.switch} role="group" aria-label={t('searchMap.switchLabel')}>
      {option('list', t('searchMap.list'))}
      {option('map', t('searchMap.map'))}
    </div>
  );
}
