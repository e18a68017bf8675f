import { memo, Suspense, use } from 'react';
import { Link } from 'react-router';
import type { TFunction } from '../../../lib/translator';
import { dwellingListDateLabel, dwellingListState, formatDkk, formatRent, formatRooms, formatSize } from '@husly/domain';
import { useSite } from '../../../lib/site-context';
import { useTranslation } from '../../../lib/use-translation';
import { useFollowLinks } from '../../../lib/follow-links';
import { FavouriteButton } from '../../favourites/favourite-button';
import { FIRST_HYDRATED_CARDS, type DeferredCards, type DwellingCardData } from '../card-data';
import styles from './dwelling-list.module.css';

/**
 * A list of dwellings. A vacant one links to /vis/{id}; a rented one shows "Udlejet {date}" and is not clickable.
 *
 * Only the first screenful on a phone (FIRST_SCREEN_CARDS) hydrates with the page; the other cards sit
 * in Suspense boundaries, which React 19 hydrates after the page, in slices of a few milliseconds
 * that yield to the browser (and at once, before handling it, should one be clicked or a context
 * it reads change). The page's first long task then holds 3 cards instead of 12
 * (docs/decisions/0027-list-hydration.md).
 *
 * The cards past the first screenful sit in a Suspense boundary of their own. A server-rendered
 * page's hydration data has them by id only and the browser fetches them before it hydrates
 * (fillDeferredCards, docs/decisions/0023-lean-hydration.md); should the list have changed in
 * between, only that boundary is rendered anew, not the page. Should the fetch have failed (`rest`
 * still set), the boundary never hydrates and keeps the server's cards, whose links still work.
 *
 * Memoised: the page around it re-renders after hydration (the session becomes known), and new props
 * reaching a boundary not yet hydrated make React hydrate it at once, in one long task (the search
 * page's 150 cards did); the list's props are the loader's, the same objects until it loads again.
 *
 * The card links are plain links followed by one handler on the list (a router Link per card was a
 * good part of a list page's server render); they work as links before and without hydration.
 */
export const DwellingList = memo(function DwellingList({ dwellings, rest, label }: { dwellings: readonly DwellingCardData[]; rest?: DeferredCards; label?: string }) {
  const { t } = useTranslation();
  const followCardLink = useFollowLinks<HTMLUListElement>('a[data-card-link]');
  const later = rest ? rest.from : FIRST_HYDRATED_CARDS;
  const first = Math.min(FIRST_SCREEN_CARDS, later);
  return (
    // Only clicks on the card links inside, which are links (keyboard included) with or without it.
    <ul className={styles.list} aria-label={label ?? t('dwellingList.label')} onClick={followCardLink}>
      <CardItems dwellings={dwellings.slice(0, first)} offset={0} />
      {/* The rest of the cards the hydration data carries: hydrated after the page, in slices. */}
      {dwellings.length > first && (
        <Suspense fallback={null}>
          <CardItems dwellings={dwellings.slice(first, later)} offset={first} />
        </Suspense>
      )}
      {dwellings.length > later && (
        <Suspense fallback={null}>{rest ? <ServerRenderedCards /> : <CardItems dwellings={dwellings.slice(later)} offset={later} />}</Suspense>
      )}
    </ul>
  );
});

function CardItems({ dwellings, offset }: { dwellings: readonly DwellingCardData[]; offset: number }) {
  return dwellings.map((dwelling, i) => {
    const index = offset + i;
    return (
      <li key={dwelling.dwellingId} className={styles.item}>
        <DwellingCard dwelling={dwelling} image={index === 0 ? 'first' : index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'} link="plain" />
        <FavouriteButton dwellingId={dwelling.dwellingId} />
      </li>
    );
  });
}

/** Never settles: the boundary around it stays as the server rendered it. */
const NEVER = new Promise<never>(() => undefined);

/** The cards whose data could not be fetched again: left to the server's HTML. */
function ServerRenderedCards(): never {
  return use(NEVER);
}

/**
 * Cards whose images are in the first screenful on a phone or a desktop row: loaded at once, the
 * first with high priority (it is the page's largest image, its LCP, issue 16); the rest lazily.
 */
const FIRST_SCREEN_CARDS = 3;

/** The card texts that are the same on every card, and the two cost templates, once per `t`. */
interface CardTexts {
  noImage: string;
  rentedNotice: string;
  monthlyCost: (amount: string) => string;
  moveInCost: (amount: string) => string;
}
const cardTextsByT = new WeakMap<TFunction, CardTexts>();
const AMOUNT = '\u0000';

function cardTexts(t: TFunction): CardTexts {
  let texts = cardTextsByT.get(t);
  if (!texts) {
    const monthly = t('dwellingList.monthlyCost', { amount: AMOUNT });
    const moveIn = t('dwellingList.moveInCost', { amount: AMOUNT });
    texts = {
      noImage: t('dwellingList.noImage'),
      rentedNotice: t('dwellingList.rentedNotice'),
      monthlyCost: (amount) => monthly.replace(AMOUNT, amount),
      moveInCost: (amount) => moveIn.replace(AMOUNT, amount),
    };
    cardTextsByT.set(t, texts);
  }
  return texts;
}

/** `link="plain"`: a plain link, followed by DwellingList's handler; otherwise a router Link. */
export function DwellingCard({ dwelling, image = 'lazy', link = 'router' }: { dwelling: DwellingCardData; image?: 'first' | 'eager' | 'lazy'; link?: 'router' | 'plain' }) {
  const texts = cardTexts(useTranslation().t);
  const { language } = useSite();
  const rented = dwellingListState(dwelling) === 'rented';
  const date = dwellingListDateLabel(dwelling, language);
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
          <span className={styles.noImage}>{texts.noImage}</span>
        )}
        <span className={`${styles.badge} ${rented ? styles.rentedBadge : ''}`}>{date}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.rent}>{formatRent(dwelling.rent, language)}</p>
        {(dwelling.monthlyCost !== null || dwelling.moveInCost !== null) && (
          <p className={styles.costs}>
            {[
              dwelling.monthlyCost !== null && texts.monthlyCost(formatDkk(dwelling.monthlyCost)),
              dwelling.moveInCost !== null && texts.moveInCost(formatDkk(dwelling.moveInCost)),
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
        <p className={`${styles.dateLine} ${rented ? styles.rentedDateLine : ''}`}>{date}</p>
      </div>
    </>
  );
  if (rented) {
    return (
      <div className={`${styles.card} ${styles.rented}`} aria-disabled="true" title={texts.rentedNotice}>
        {body}
      </div>
    );
  }
  const href = `/vis/${dwelling.dwellingId}`;
  return link === 'plain' ? (
    <a href={href} className={styles.card} data-card-link="">
      {body}
    </a>
  ) : (
    <Link to={href} className={styles.card}>
      {body}
    </Link>
  );
}
