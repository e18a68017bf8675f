import type { TFunction } from '../../lib/translator';
import type { Language } from '@husly/domain';
import type { CityContent } from '@husly/contracts';

export interface CityPageTexts {
  headline: string;
  teaser: string;
  mainText: string;
  faq: { question: string; answer: string }[];
}

/**
 * The city page's texts: the city's own (City headline, teaser, mainText, faq from the area
 * response) where set, otherwise the generic template in the page's language. The city texts in
 * the database are Danish, so the English site uses the template.
 */
export function cityPageTexts(label: string, cityContent: CityContent | undefined, language: Language, t: TFunction): CityPageTexts {
  const city = label;
  const content = language === 'da' ? cityContent : undefined;
  return {
    headline: content?.headline || t('cityPage.headline', { city }),
    teaser: content?.teaser || t('cityPage.teaser', { city }),
    mainText: content?.mainText || t('cityPage.mainText', { city }),
    faq:
      content?.faq && content.faq.length > 0
        ? content.faq
        : [1, 2, 3].map((n) => ({ question: t(`cityPage.faq${n}q`, { city }), answer: t(`cityPage.faq${n}a`, { city }) })),
  };
}

/** An external site for visitors who need somewhere to live right away (section 2, city listing). */
export const ACUTE_HOUSING_URL = 'https://www.akutbolig.dk/';
