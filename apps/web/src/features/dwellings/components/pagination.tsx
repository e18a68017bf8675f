import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { pageOffsets } from '@husly/domain';
import type { DwellingListMeta } from '@husly/contracts';
import styles from './pagination.module.css';

/** "forrige"/"næste" with the query parameter `start`; `hrefFor(start)` keeps the rest of the query. */
export function Pagination({ meta, hrefFor }: { meta: DwellingListMeta; hrefFor: (start: number) => string }) {
  const { t } = useTranslation();
  const { previous, next } = pageOffsets(meta);
  if (previous === null && next === null) return null;
  return (
    <nav className={styles.pagination} aria-label={t('searchResults.pagination')}>
      {previous !== null ? (
        <Link to={hrefFor(previous)} rel="prev" className="button button-secondary">
          ← {t('searchResults.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.position}>
        {t('searchResults.page', {
          from: meta.start + 1,
          to: Math.min(meta.start + meta.pageSize, meta.total),
          total: meta.capped ? `${meta.total}+` : meta.total,
        })}
      </span>
      {next !== null ? (
        <Link to={hrefFor(next)} rel="next" className="button button-secondary">
          {t('searchResults.next')} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The current URL with `start` set (left out at 0). */
export function withStart(pathname: string, search: string, start: number): string {
  const params = new URLSearchParams(search);
  if (start > 0) params.set('start', String(start));
  else params.delete('start');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
