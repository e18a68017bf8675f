import type { Language } from '@husly/domain';

/** One language's translation.json. */
export type Translations = Record<string, unknown>;

export interface TranslateOptions {
  /** Picks `key_one` / `key_other` by the language's plural rules, and fills `{{count}}`. */
  count?: number;
  /** Said when the key is missing. */
  defaultValue?: string;
  /** Answers an object or list as it stands in the file (for lists of benefits and the like). */
  returnObjects?: boolean;
  /** `{{name}}` in the text is replaced by `name`'s value. */
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

export interface Translator {
  language: Language;
  t: TFunction;
}

const INTERPOLATION = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * The little of i18next the site used (nested keys, `{{var}}`, `_one`/`_other` plurals,
 * defaultValue, returnObjects), as ~50 lines instead of ~15 KB gzip of JavaScript on every page
 * (issue 16, docs/decisions/0025). Texts are not HTML-escaped: React escapes what it renders.
 */
export function createTranslator(language: Language, translations: Translations): Translator {
  const plurals = new Intl.PluralRules(language);
  const lookup = (key: string): unknown => {
    if (Object.hasOwn(translations, key)) return translations[key];
    let node: unknown = translations;
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  };
  const interpolate = (text: string, options: TranslateOptions | undefined): string =>
    // A variable not given stays as written, so a missing one shows up instead of vanishing.
    options ? text.replace(INTERPOLATION, (match, name: string) => (options[name] === undefined ? match : options[name] === null ? '' : String(options[name]))) : text;

  const t = ((key: string, options?: TranslateOptions): unknown => {
    let value: unknown;
    if (typeof options?.count === 'number') value = lookup(`${key}_${plurals.select(options.count)}`) ?? lookup(`${key}_other`);
    value ??= lookup(key);
    if (typeof value === 'string') return interpolate(value, options);
    if (value !== undefined && value !== null && options?.returnObjects) return value;
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
  }) as TFunction;
  return { language, t };
}
