import { Suspense } from 'react';
import { Await, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDkk, searchPageTitle, showResultsHeading } from '@husly/domain';
import type { DwellingListResponse } from '@husly/contracts';
import { BoligagentSignupBlock } from '../../features/boligagent/BoligagentSignupBlock';
import { useBoligagentAutoAdjust } from '../../features/boligagent/use-boligagent-auto-adjust';
import { findCity } from '../../features/cities/city-selectors';
import { useAreas } from '../../features/cities/use-areas';
import { DwellingList } from '../../features/dwellings/components/dwelling-list';
import { Pagination, withStart } from '../../features/dwellings/components/pagination';
import { searchDwellings } from '../../features/dwellings/dwellings-api';
import { FilterPanel } from '../../features/search/components/filter-panel';
import { HeroSearch } from '../../features/search/components/hero-search';
import { parseSearchUrl, type SearchParams } from '../../features/search/search-params';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { usePageDescription, usePageTitle } from '../../lib/document-head';
import { useSite } from '../../lib/site-context';
import styles from './routes.module.css';

type SearchOutcome = { ok: true; list: DwellingListResponse } | { ok: false; status: number };

interface SearchData {
  search: SearchParams | null;
  /** A promise in the browser (the page shows "Indlæser boliger..."), the result itself on the server. */
  results: SearchOutcome | Promise<SearchOutcome> | null;
}

/**
 * Section 5: fewer than two characters runs no search. The browser does not wait for the results
 * before showing the page, so the heading can say "Loading dwellings..."; the server waits, so
 * the HTML has them.
 */
export function searchLoader(api: ApiClient, server: boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<SearchData> => {
    const parsed = parseSearchUrl(new URL(request.url).searchParams, 'da');
    if (parsed.kind !== 'search') return { search: null, results: null };
    const results = searchDwellings(api, parsed.params, request.signal).then(
      (list): SearchOutcome => ({ ok: true, list }),
      // Never rejects: a failed search is a message on the page, and nothing is left unhandled
      // when the visitor has already moved on.
      (error: unknown): SearchOutcome => ({ ok: false, status: isHttpError(error) ? error.statusCode : 0 }),
    );
    return { search: parsed.params, results: server ? await results : results };
  };
}

function SearchSummary({ search }: { search: SearchParams }) {
  const { t } = useTranslation();
  const parts = [
    search.rent !== undefined && t('searchResults.summaryRent', { rent: formatDkk(search.rent) }),
    search.rooms !== undefined && t('searchResults.summaryRooms', { rooms: search.rooms }),
    search.size !== undefined && t('searchResults.summarySize', { size: search.size }),
  ].filter(Boolean);
  return <p className={styles.summary}>{[t('searchResults.summary', { query: search.q }), ...parts].join(', ')}</p>;
}

function Results({ outcome }: { outcome: SearchOutcome }) {
  const { t } = useTranslation();
  const { pathname, search: queryString } = useLocation();
  if (!outcome.ok) {
    return (
      <div className={styles.message} role="alert">
        <p>{t('searchResults.error')}</p>
      </div>
    );
  }
  const { list } = outcome;
  if (list.meta.total === 0 || list.data.length === 0) {
    return (
      <div className={styles.message} role="status">
        <p>
          <strong>{t('searchResults.sorry')}</strong>
        </p>
        <p>{t('searchResults.sorryHint')}</p>
      </div>
    );
  }
  const total = list.meta.capped ? `${list.meta.total}+` : String(list.meta.total);
  return (
    <>
      <p className={styles.summary}>{t('searchResults.count', { count: list.meta.total })}</p>
      {showResultsHeading(list.meta.total) && <h2 className={styles.resultsHeading}>{t('searchResults.resultsHeading', { total })}</h2>}
      <DwellingList dwellings={list.data} />
      <Pagination meta={list.meta} hrefFor={(start) => withStart(pathname, queryString, start)} />
    </>
  );
}

/** Section 2, /search: heading, summary, results between two boligagent blocks, forrige/næste. */
export function SearchRoute() {
  const { t } = useTranslation();
  const { language } = useSite();
  const { search: queryString } = useLocation();
  const { search, results } = useLoaderData<SearchData>();
  const areas = useAreas();
  const parsed = parseSearchUrl(new URLSearchParams(queryString), language);
  const city = search && areas.status === 'success' ? findCity(areas.data, search.q) : undefined;
  useBoligagentAutoAdjust({ area: city?.slug, rent: search?.rent, rooms: search?.rooms, size: search?.size });
  usePageTitle(search ? searchPageTitle(city?.label ?? search.q) : t('search.pageHeading'));
  usePageDescription(search ? t('searchResults.description', { query: search.q }) : undefined);

  if (!search || !results) {
    return (
      <section className="page">
        <h1>{t('search.pageHeading')}</h1>
        {parsed.kind === 'too-short' && (
          <div className={styles.message} role="alert">
            <p>{parsed.message}</p>
          </div>
        )}
        <div className={styles.narrow}>
          <HeroSearch key={queryString} />
        </div>
      </section>
    );
  }

  const agent = { area: city?.slug, rent: search.rent, rooms: search.rooms, size: search.size };
  const heading = <h1>{t('searchResults.heading', { query: city?.label ?? search.q })}</h1>;
  // Navigations run in a transition, so a filtered list loading keeps this content (and the
  // panel's focus) on screen instead of the fallback (docs/decisions/0013).
  const filters = <FilterPanel hidden={{ q: search.q }} />;
  return (
    <section className="page">
      <Suspense
        fallback={
          <>
            <h1 aria-busy="true">{t('searchResults.loading')}</h1>
            <SearchSummary search={search} />
            {filters}
          </>
        }
      >
        <Await resolve={results}>
          {(outcome: SearchOutcome) => (
            <>
              {heading}
              <SearchSummary search={search} />
              {filters}
              <BoligagentSignupBlock {...agent} position="above" />
              <Results outcome={outcome} />
              <BoligagentSignupBlock {...agent} position="below" />
            </>
          )}
        </Await>
      </Suspense>
    </section>
  );
}
