import { Link } from 'react-router';
import type { CityName } from '@husly/contracts';
import styles from './city-chips.module.css';

/** Cities as round links; the last one may be a "show all" link. */
export function CityChips({ cities, allHref, allLabel }: { cities: readonly CityName[]; allHref?: string; allLabel?: string }) {
  return (
    <ul className={styles.chips}>
      {cities.map((city) => (
        <li key={city.slug}>
          <Link className={styles.chip} to={`/${city.slug}`}>
            {city.label}
          </Link>
        </li>
      ))}
      {allHref && allLabel && (
        <li>
          <Link className={`${styles.chip} ${styles.all}`} to={allHref}>
            {allLabel} →
          </Link>
        </li>
      )}
    </ul>
  );
}
