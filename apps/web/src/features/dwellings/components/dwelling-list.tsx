import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dwellingListDateLabel, dwellingListState, formatDkk, formatRent, formatRooms, formatSize } from '@husly/domain';
import type { DwellingListItem } from '@husly/contracts';
import { useSite } from '../../../lib/site-context';
import { FavouriteButton } from '../../favourites/favourite-button';
import styles from './dwelling-list.module.css';

/** A list of dwellings. A vacant one links to /vis/{id}; a rented one shows "Udlejet {date}" and is not clickable. */
export function DwellingList({ dwellings, label }: { dwellings: readonly DwellingListItem[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list} aria-label={label ?? t('dwellingList.label')}>
      {dwellings.map((dwelling, index) => (
        <li key={dwelling.dwellingId} className={styles.item}>
          <DwellingCard dwelling={dwelling} image={index === 0 ? 'first' : index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'} />
          <FavouriteButton dwellingId={dwelling.dwellingId} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Cards whose images are in the first screenful on a phone or a desktop row: loaded at once, the
 * first with high priority (it is the page's largest image, its LCP, issue 16); the rest lazily.
 */
const FIRST_SCREEN_CARDS = 3;

export function DwellingCard({ dwelling, image = 'lazy' }: { dwelling: DwellingListItem; image?: 'first' | 'eager' | 'lazy' }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const rented = dwellingListState(dwelling) === 'rented';
  const body = (
    <>
      <div className={styles.media}>
        {dwelling.image ? (
          <img
            src={dwelling.image}
            alt=""
            loading={image === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={image === 'first' ? 'high' : undefined}
            width={320}
            height={213}
          />
        ) : (
          <span className={styles.noImage}>{t('dwellingList.noImage')}</span>
        )}
        <span className={`${styles.badge} ${rented ? styles.rentedBadge : ''}`}>{dwellingListDateLabel(dwelling, language)}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.rent}>{formatRent(dwelling.rent, language)}</p>
        {(dwelling.monthlyCost !== null || dwelling.moveInCost !== null) && (
          <p className={styles.costs}>
            {[
              dwelling.monthlyCost !== null && t('dwellingList.monthlyCost', { amount: formatDkk(dwelling.monthlyCost) }),
              dwelling.moveInCost !== null && t('dwellingList.moveInCost', { amount: formatDkk(dwelling.moveInCost) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        <h3 className={styles.headline}>{dwelling.headline}</h3>
        <p className={styles.meta}>
          {formatRooms(dwelling.rooms, language)} · {formatSize(dwelling.size, language)}
        </p>
        <p className={styles.place}>{[dwelling.street, dwelling.city].filter(Boolean).join(', ')}</p>
        {/* Phones: the date under the facts; over a 118 px image it covered a third of it. */}
        <p className={`${styles.dateLine} ${rented ? styles.rentedDateLine : ''}`}>{dwellingListDateLabel(dwelling, language)}</p>
      </div>
    </>
  );
  if (rented) {
    return (
      <div className={`${styles.card} ${styles.rented}`} aria-disabled="true" title={t('dwellingList.rentedNotice')}>
        {body}
      </div>
    );
  }
  return (
    <Link to={`/vis/${dwelling.dwellingId}`} className={styles.card}>
      {body}
    </Link>
  );
}
