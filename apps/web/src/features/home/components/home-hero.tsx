import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import styles from './home-hero.module.css';

/** The front page's opening: heading, lead and the search box (passed in by the route). */
export function HomeHero({ search, children }: { search: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <h1 className={styles.heading}>{t('home.heading')}</h1>
        <p className={styles.lead}>{t('home.lead')}</p>
        <div className={styles.search}>{search}</div>
        {children}
      </div>
    </section>
  );
}
