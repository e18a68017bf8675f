import { Link } from 'react-router';
import { CITIES } from '@husly/domain';
import type { CityName } from '@husly/contracts';
import { splitIntoColumns } from '../city-selectors';
import styles from './city-columns.module.css';

/** /byer: every city in four alphabetical columns (two on narrow screens), each linking to /{slug}. */
export function CityColumns({ cities }: { cities: readonly CityName[] }) {
  return (
    <div className={styles.columns}>
      {splitIntoColumns(cities, CITIES.columns).map((column, i) => (
        <ul key={i} className={styles.column}>
          {column.map((city) => (
            <li key={city.slug}>
              <Link to={`/${city.slug}`}>{city.label}</Link>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
