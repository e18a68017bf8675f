import { createContext, useContext, type ReactNode } from 'react';
import type { Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the pages their language's texts: one translator per browser session or server request. */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `const { t } = useTranslation()`: the page language's texts. */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslatorProvider');
  return translator;
}
