import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

const fixedT = new WeakMap<I18n, TFunction>();

/**
 * `t` for components rendered many times per page (the 150 cards of a list page): react-i18next's
 * useTranslation copies the whole i18next instance and builds a new fixed `t` on every mount, which
 * was most of a list page's server render (docs/decisions/0023-lean-hydration.md). The language of
 * an instance never changes here (one per browser session, one per language in the server
 * renderer, the language from the host), so one fixed `t` per instance does, and a text without
 * options is looked up once.
 */
export function useT(): TFunction {
  const context = useContext(I18nContext);
  const i18n = context?.i18n;
  if (!i18n) throw new Error('useT needs an <I18nextProvider>');
  let t = fixedT.get(i18n);
  if (!t) {
    t = memoized(i18n.getFixedT(i18n.language));
    fixedT.set(i18n, t);
  }
  return t;
}

/** `t`, remembering what a key alone (no options) gave: the same text every time, for a fixed language. */
function memoized(t: TFunction): TFunction {
  const texts = new Map<string, unknown>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    if (!texts.has(key)) texts.set(key, call(key));
    return texts.get(key);
  }) as unknown as TFunction;
}
