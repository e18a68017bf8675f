import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

export interface Testimonial {
  quote: string;
  /** First name and city only: never more than the person agreed to. */
  who: string;
}

/**
 * The long texts of the information pages in one language. Titles, headings and form texts are in
 * the locale files (info.*); these bodies are too long to ship inside every page's translations.
 */
export interface InfoContent {
  about: ReactNode;
  testimonials: Testimonial[];
  partners: ReactNode;
  faq: FaqItem[];
  afmelding: ReactNode;
  klagemulighed: ReactNode;
  advice: { intro: ReactNode; tips: Array<{ heading: string; text: ReactNode }> };
  contact: ReactNode;
  terms: ReactNode;
}
