import { Suspense, useEffect } from 'react';
import { Await, Link, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatDkk, searchCanonicalPath, searchIndexable, searchPageTitle, showResultsHeading, writeSearchArea } from '@husly/domain';
import { BoligagentAreaSignup } from '../../boligagent/components/boligagent-area-signup';
import { BoligagentSignupBlock } from '../../boligagent/components/boligagent-signup-block';
import { useBoligagentAutoAdjust, type AutoAdjustSearch } from '../../boligagent/use-boligagent-auto-adjust';
import { DwellingList } from '../../dwellings/components/dwelling-list';
import { Pagination, withStart } from '../../dwellings/components/pagination';
import { useRememberedSearch } from '../../privacy/use-remembered-search';
import { FilterPanel } from '../components/filter-panel';
import { ViewSwitch } from '../components/view-switch';
import { SearchMapSlot } from '../../search-map/components/search-map-slot';
import { searchRequest } from '../../dwellings/dwellings-api';
import { readSearchView, viewHidden } from '../search-view';
// The hero search's styles in this page's stylesheet: its server HTML is painted before its chunk loads.
import '../components/hero-search.module.css';
import { parseSearchUrl, searchHref, type SearchParams } from '../search-params';
import { useCanonicalPath, useNoIndex, usePageDescription, usePageTitle } from '../../../lib/document-head';
import { islandOnDemand } from '../../../lib/islands';
import { useSite } from '../../../lib/site-context';
import type { SearchData, SearchOutcome } from '../search-route';
import pageText from '../../../components/ui/page-text.module.css';
import styles from './search-page.module.css';

/** "Du har søgt efter boliger i København, maks. 8.000 kr.": the place by its own label. */
function SearchSummary({ search, place }: { search: SearchParams; place: string }) {
  const { t } = useTranslation();
  const parts = [
    search.rent !== undefined && t('searchResults.summaryRent', { rent: formatDkk(search.rent) }),
    search.rooms !== undefined && t('searchResults.summaryRooms', { rooms: search.rooms }),
    search.size !== undefined && t('searchResults.summarySize', { size: search.size }),
  ].filter(Boolean);
  return <p className={styles.summary}>{[t('searchResults.summary', { query: place }), ...parts].join(', ')}</p>;
}

/** The same search in another place (a suggestion), from its first page. */
const placeHref = (search: SearchParams, label: string) => searchHref({ ...search, q: label, start: undefined });

/** The search names no place we list: say so, and offer the nearest places (or every city). */
function NoPlace({ search, suggestions }: { search: SearchParams; suggestions: ReadonlyArray<{ slug: string; label: string }> }) {
  const { t } = useTranslation();
  return (
    <div className={pageText.message} role="status" data-testid="no-place">
      <p>
        <strong>{t('searchResults.noPlace', { query: search.q })}</strong>
      </p>
      {suggestions.length > 0 ? (
        <>
          <p>{t('searchResults.didYouMean')}</p>
          <ul className={styles.placeSuggestions}>
            {suggestions.map((s) => (
              <li key={s.slug}>
                <Link to={placeHref(search, s.label)}>{s.label}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {t('searchResults.noPlaceHint')} <Link to="/byer">{t('searchResults.allCities')}</Link>
        </p>
      )}
    </div>
  );
}

function Results({ outcome, search }: { outcome: SearchOutcome; search: SearchParams }) {
  const { t } = useTranslation();
  const { pathname, search: queryString } = useLocation();
  if (!outcome.ok) {
    return (
      <div className={pageText.message} role="alert">
        <p>{t('searchResults.error')}</p>
      </div>
    );
  }
  const { list } = outcome;
  if (list.meta.suggestions) return <NoPlace search={search} suggestions={list.meta.suggestions} />;
  if (list.data.length === 0 && list.meta.total > 0 && list.meta.start > 0) {
    // Past the last page (a hand-edited or old start=): say so and offer the last page. Beyond the
    // end the count is exact (docs/decisions/0004: it stops 500 rows past start).
    const last = Math.floor((list.meta.total - 1) / list.meta.pageSize) * list.meta.pageSize;
    return (
      <div className={pageText.message} role="status" data-testid="past-last-page">
        <p>
          <strong>{t('searchResults.pastLastPage', { count: list.meta.total })}</strong>
        </p>
        <p>
          <Link to={withStart(pathname, queryString, last)} className="button button-secondary">
            {t('searchResults.lastPage', { from: last + 1, to: list.meta.total })}
          </Link>
        </p>
      </div>
    );
  }
  if (list.meta.total === 0 || list.data.length === 0) {
    return (
      <div className={pageText.message} role="status">
        <p>
          <strong>{t('searchResults.sorry')}</strong>
        </p>
        <p>{t('searchResults.sorryHint')}</p>
      </div>
    );
  }
  // The count once: as the results heading above 10 results (section 2), else as a line.
  const total = list.meta.capped ? `${list.meta.total}+` : String(list.meta.total);
  return (
    <>
      {showResultsHeading(list.meta.total) ? (
        <h2 className={styles.resultsHeading}>{t('searchResults.resultsHeading', { total })}</h2>
      ) : (
        <p className={styles.summary}>{t('searchResults.count', { count: list.meta.total })}</p>
      )}
      <DwellingList dwellings={list.data} rest={list.rest} />
      <Pagination meta={list.meta} hrefFor={(start) => withStart(pathname, queryString, start)} />
    </>
  );
}

/**
 * The search box of /search without a search (an empty or too short query): its code (2 KB gzip,
 * with the sliders) loads only here, not with every search's results. The server's HTML is a GET
 * form to /search that works until the component replaces it, carrying over what was typed
 * (lib/islands.tsx).
 */
const heroSearch = islandOnDemand(() => import('../components/hero-search').then((module) => module.HeroSearch));

function SearchBox() {
  useEffect(() => heroSearch.start(), []);
  return <heroSearch.Island props={{}} />;
}

/**
 * What a search does besides showing its results: widen a logged-in user's agent, remember a
 * visitor's search. A component of its own because it reads the session, which becomes known after
 * hydration: the page re-rendering then would reach its results before React has hydrated them, and
 * React would take every card at once, in one long task, instead of in slices (ADR 0027).
 */
function SearchEffects(search: AutoAdjustSearch) {
  useBoligagentAutoAdjust(search);
  useRememberedSearch(search);
  return null;
}

/** Section 2, /search: heading, summary, results between two boligagent blocks, forrige/næste. */
export function SearchPage() {
  const { t } = useTranslation();
  const { language } = useSite();
  const { search: queryString } = useLocation();
  const { search, place: named, results } = useLoaderData<SearchData>();
  const parsed = parseSearchUrl(new URLSearchParams(queryString), language);
  // The place q names, by the same rule as the API (libs/domain, one index per city list), matched by the loader.
  const city = named ?? undefined;
  // A drawn area alone (the boligagent panel's "Vis på kort"): "the drawn area" stands for the place.
  const areaOnly = search !== null && search.q === '';
  const place = areaOnly ? t('searchResults.drawnArea') : (city?.label ?? search?.q ?? '');
  // Never the raw input as a place: a q the city list cannot name is titled as such.
  const noPlaceKnown = search !== null && named === null;
  usePageTitle(search ? (noPlaceKnown ? t('searchResults.noPlaceHeading') : areaOnly ? t('searchResults.heading', { query: place }) : searchPageTitle(place, language)) : t('search.pageHeading'));
  usePageDescription(search ? t('searchResults.description', { query: place }) : undefined);
  // A search naming a city without filters lists that city's page: /search?q=aarhus → /aarhus (ADR 0019).
  useCanonicalPath(search ? searchCanonicalPath(search, city?.slug) : null);
  // A drawn area is the visitor's own: out of the index, without a canonical (docs/decisions/0064).
  useNoIndex(search !== null && !searchIndexable(search));

  if (!search || !results) {
    return (
      <section className="page">
        <h1>{t('search.pageHeading')}</h1>
        {parsed.kind === 'too-short' && (
          <div className={pageText.message} role="alert">
            <p>{parsed.message}</p>
          </div>
        )}
        <div className={styles.narrow}>
          <SearchBox key={queryString} />
        </div>
      </section>
    );
  }

  const agent = { area: city?.slug, rent: search.rent, rooms: search.rooms, size: search.size };
  // Navigations run in a transition, so a filtered list loading keeps this content (and the
  // panel's focus) on screen instead of the fallback (docs/decisions/0013).
  const view = readSearchView(new URLSearchParams(queryString));
  const filters = <FilterPanel hidden={{ ...(areaOnly ? {} : { q: search.q }), ...viewHidden(view) }} />;
  return (
    <section className="page">
      <SearchEffects {...agent} />
      <Suspense
        fallback={
          <>
            <h1 aria-busy="true">{t('searchResults.loading')}</h1>
            <SearchSummary search={search} place={place} />
            {filters}
          </>
        }
      >
        <Await resolve={results}>
          {(outcome: SearchOutcome) => {
            // A q that names no place: no heading or boligagent for it (an agent needs a city).
            const noPlace = outcome.ok && outcome.list.meta.suggestions !== undefined;
            const named = !noPlace && city !== undefined;
            return (
              <>
                <h1>{noPlace ? t('searchResults.noPlaceHeading') : t('searchResults.heading', { query: place })}</h1>
                {!noPlace && <SearchSummary search={search} place={place} />}
                {!noPlace && filters}
                {!noPlace && <ViewSwitch />}
                {!noPlace && view === 'map' && <SearchMapSlot request={searchRequest(search)} />}
                {!noPlace && view === 'map' && search.area !== undefined && (
                  <BoligagentAreaSignup area={writeSearchArea(search.area)} rent={search.rent} rooms={search.rooms} size={search.size} />
                )}
                {named && <BoligagentSignupBlock {...agent} position="above" />}
                <Results outcome={outcome} search={search} />
                {named && <BoligagentSignupBlock {...agent} position="below" />}
              </>
            );
          }}
        </Await>
      </Suspense>
    </section>
  );
}
