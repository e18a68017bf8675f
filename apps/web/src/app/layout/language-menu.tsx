import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { LANGUAGES } from '@husly/domain';
import { Dropdown } from '../../components/ui/dropdown';
import { followLanguageSwitch } from '../../features/accounts/language-handoff';
import { useApi } from '../../lib/api-context';
import { languageSwitchHref } from '../../lib/i18n';
import { useSite } from '../../lib/site-context';
import styles from './header.module.css';

/**
 * Dansk/English: each language lives on its own subdomain, so switching is a link there; with
 * JavaScript it also carries a logged-in user's session along (followLanguageSwitch).
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const api = useApi();
  const { host, language } = useSite();
  const { pathname, search, hash } = useLocation();
  return (
    <Dropdown
      className={styles.languageSlot}
      toggleClassName={`${styles.slotToggle} ${styles.languageToggle}`}
      // Contains the visible "DA"/"EN", so a voice user who says what they see hits it (WCAG 2.5.3).
      ariaLabel={t('header.languageMenuLabel', { code: language.toUpperCase(), language: t(`languages.${language}`) })}
      label={
        <>
          <svg className={styles.globe} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          <span className={styles.langCode}>{language.toUpperCase()}</span>
        </>
      }
    >
      <ul className={styles.menuList}>
        {LANGUAGES.map((lang) => {
          const href = languageSwitchHref(host, lang, `${pathname}${search}${hash}`);
          return (
            <li key={lang}>
              <a
                className={styles.menuItem}
                href={href}
                onClick={(event) => {
                  if (lang === language || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  void followLanguageSwitch(api, lang, href);
                }}
                hrefLang={lang}
                lang={lang}
                aria-current={lang === language ? 'true' : undefined}
              >
                {t(`languages.${lang}`)}
                {lang === language && <span aria-hidden="true">✓</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </Dropdown>
  );
}
