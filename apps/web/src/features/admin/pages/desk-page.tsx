import { Link, useSearchParams } from 'react-router';
import type { AdminUserSearchResponse } from '@husly/contracts';
import { usePageTitle } from '../../../lib/document-head';
import { useAdminSession, useDeskData } from '../admin-session';
import { DESK } from '../admin-texts';
import { Loaded, UserBadges } from '../components/desk-parts';
import { searchQuery, UserSearchForm } from '../components/user-search-form';
import styles from '../admin.module.css';

/** /admin: find the person who wrote in. The query is in the URL, so Back from a user finds the hits again. */
export function DeskPage() {
  usePageTitle(DESK.title);
  const { admin } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const q = searchQuery(params.get('q') ?? '');

  return (
    <section className={styles.desk} aria-labelledby="desk-heading">
      <h1 id="desk-heading" className={styles.heading}>
        {DESK.search.heading}
      </h1>
      <UserSearchForm key={q ?? ''} initial={q ?? ''} onSearch={(next) => setParams({ q: next })} />
      {q !== null && <SearchHits q={q} search={(signal) => admin.searchUsers(q, signal)} />}
    </section>
  );
}

function SearchHits({ q, search }: { q: string; search(signal: AbortSignal): Promise<AdminUserSearchResponse> }) {
  const { state, reload } = useDeskData(search, [q]);
  return (
    <Loaded state={state} onRetry={reload}>
      {({ data }) =>
        data.length === 0 ? (
          <p role="status">{DESK.search.none(q)}</p>
        ) : (
          <>
            <p role="status" className={styles.muted}>
              {DESK.search.count(data.length)}
            </p>
            <ul className={styles.hits} data-testid="desk-hits">
              {data.map((hit) => (
                <li key={hit.id} className={styles.hit}>
                  <Link to={`/admin/users/${hit.id}`}>{hit.name || hit.email || `#${hit.id}`}</Link>
                  <span>
                    {hit.email ?? DESK.user.none} · {hit.cellphone ?? DESK.user.none}
                  </span>
                  <span className={styles.muted}>{DESK.search.created(hit.createdAt)}</span>
                  <UserBadges user={hit} extra={hit.matchedOrderNo !== null && <span className={styles.badge}>{DESK.search.viaOrder(hit.matchedOrderNo)}</span>} />
                </li>
              ))}
            </ul>
          </>
        )
      }
    </Loaded>
  );
}
