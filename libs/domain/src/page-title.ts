// Page titles (spec section 2). Every page sets its title through the shell, so these stand apart
// from the value and date formatters of display.ts.
import { PAGE_TITLE } from './constants';

/** Section 2: a title shorter than 45 characters gets the site suffix; an empty title is the suffix alone. */
export function pageTitle(title: string, suffix: string = PAGE_TITLE.suffix): string {
  const t = title.trim();
  if (t === '') return suffix.replace(/^[\s|–-]+/, '');
  return t.length < PAGE_TITLE.suffixBelowLength ? `${t}${suffix}` : t;
}

/**
 * Tab title of search results and city listings. The spec gives it in Danish; the English site
 * (en. host) says the same in English (issue 16).
 */
export function searchPageTitle(city: string, language: 'da' | 'en' = 'da'): string {
  const c = city.trim();
  return language === 'en' ? `Rental homes in ${c} - now showing vacant apartments near ${c}` : `Lejeboliger ${c} - viser nu ledige lejligheder nær ${c}`;
}
