// The cookie table of the terms page: each cookie's lifetime and why we write it, in both languages.
// Apart from cookie-consent.ts, whose purposes every page needs: these texts are for one page.
import { COOKIES, type Language } from './constants';
import { CONSENT_COOKIE, COOKIE_PURPOSES, type CookiePurpose } from './cookie-consent';

export interface CookieDescription {
  name: string;
  purpose: CookiePurpose;
  /** Lifetime in seconds; null: until the browser closes or the visitor leaves it. */
  maxAgeSeconds: number | null;
  why: Record<Language, string>;
}

const DESCRIPTIONS: ReadonlyArray<Omit<CookieDescription, 'purpose'>> = [
  {
    name: COOKIES.token.name,
    maxAgeSeconds: COOKIES.token.maxAgeSeconds,
    why: { da: 'Holder dig logget ind.', en: 'Keeps you logged in.' },
  },
  {
    name: COOKIES.device.name,
    maxAgeSeconds: COOKIES.device.maxAgeSeconds,
    why: {
      da: 'Husker, at denne browser har været logget ind, så spærring mod gættede adgangskoder ikke rammer dig.',
      en: 'Remembers that this browser has logged in, so the lock against guessed passwords does not hit you.',
    },
  },
  {
    name: CONSENT_COOKIE.name,
    maxAgeSeconds: CONSENT_COOKIE.maxAgeSeconds,
    why: { da: 'Husker dit valg om cookies.', en: 'Remembers your cookie choice.' },
  },
  {
    name: COOKIES.lastDwelling.name,
    maxAgeSeconds: COOKIES.lastDwelling.maxAgeSeconds,
    why: {
      da: 'Viser den bolig, du sidst så, så du kan vende tilbage til den efter login.',
      en: 'Shows the dwelling you last viewed, so you can return to it after logging in.',
    },
  },
  {
    name: COOKIES.sessionPrefs.name,
    maxAgeSeconds: COOKIES.sessionPrefs.maxAgeSeconds,
    why: {
      da: 'Husker dine søgninger (by, husleje, værelser, størrelse), så din BoligAgent kan foreslå dem, når du opretter en profil.',
      en: 'Remembers your searches (city, rent, rooms, size), so your BoligAgent can suggest them when you create a profile.',
    },
  },
  {
    name: COOKIES.utm.name,
    maxAgeSeconds: COOKIES.utm.maxAgeSeconds,
    why: {
      da: 'Husker hvilken kampagne eller side du kom fra, så vi kan se, hvilke annoncer der virker.',
      en: 'Remembers which campaign or site you came from, so we can see which ads work.',
    },
  },
  {
    name: COOKIES.visitor.name,
    maxAgeSeconds: COOKIES.visitor.maxAgeSeconds,
    why: {
      da: 'Et tilfældigt nummer, så vi kan tælle besøgende uden at vide, hvem de er.',
      en: 'A random number, so we can count visitors without knowing who they are.',
    },
  },
];

/** Every cookie the site writes, for the cookie table: each purpose as the consent rules have it. */
export const COOKIE_CATALOGUE: readonly CookieDescription[] = DESCRIPTIONS.map((cookie) => {
  const purpose = COOKIE_PURPOSES[cookie.name];
  // A cookie described here and not in the consent rules would be written without asking.
  if (!purpose) throw new Error(`${cookie.name} has no purpose in COOKIE_PURPOSES`);
  return { ...cookie, purpose };
});
