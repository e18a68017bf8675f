import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

const fixedT = new WeakMap<I18n, TFunction>();

/**
 * `t` for components rendered many times per page (the 150 cards of a list page): react-i18next's
 * useTranslation copies the whole i18next instance and builds a new fixed `t` on every mount, which
 * was most of a list page's server render (docs/decisions/0023-lean-hydration.md). The language of
 * an instance never changes here (one instance per browser session or server request, its language
 * from the host), so one fixed `t` per instance does.
 */
export function useT(): TFunction {
  const context = useContext(I18nContext);
  const i18n = context?.i18n;
  if (!i18n) throw new Error('useT needs an <I18nextProvider>');
  let t = fixedT.get(i18n);
  if (!t) {
    t = i18n.getFixedT(i18n.language);
    fixedT.set(i18n, t);
  }
  return t;
}
