import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { SearchForm } from '../../features/search/components/search-form';
import { LanguageMenu } from './language-menu';
import { CreateProfileButton, ProfileMenu } from './profile-menu';
import styles from './header.module.css';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Keeps --header-height (global.css) at the header's real height: anchor targets scroll to below the
 * sticky header (scroll-margin-top), also when it is shorter (no search bar) or taller (wrapped).
 */
function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useIsomorphicLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
    measure();
    // jsdom has no ResizeObserver; the measured value then simply stays.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [ref]);
}

export function Header({ showSearch }: { showSearch: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useHeaderHeight(ref);
  return (
    <header ref={ref} className={styles.header}>
      <div className={`${styles.inner} ${showSearch ? '' : styles.noSearch}`}>
        <Link to="/" className={styles.logo} aria-label={t('header.home')}>
          <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fbfaf7" />
          </svg>
          <span>Husly</span>
        </Link>
        {showSearch && (
          <div className={styles.search}>
            <SearchForm />
          </div>
        )}
        <div className={styles.actions}>
          <CreateProfileButton className={styles.createProfile} />
          <ProfileMenu />
          <LanguageMenu />
        </div>
      </div>
    </header>
  );
}
