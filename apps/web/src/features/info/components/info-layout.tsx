import type { ReactNode } from 'react';
import type { InfoPageKey } from '@husly/domain';
import { useTranslation } from '../../../lib/use-translation';
import { usePageDescription, usePageTitle } from '../../../lib/document-head';
import styles from '../info.module.css';

/**
 * The frame of every information page: its title and description in <head> (the server renderer
 * adds the canonical link to every 200 page), the heading and a readable column of text.
 */
export function InfoLayout({ page, children, aside }: { page: InfoPageKey; children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t(`info.${page}.title`));
  usePageDescription(t(`info.${page}.description`));
  return (
    <section className={`page ${styles.page}`}>
      <article className={styles.article}>
        <h1>{t(`info.${page}.heading`)}</h1>
        {children}
      </article>
      {aside && <aside className={styles.aside}>{aside}</aside>}
    </section>
  );
}
