// The favourites' mail (issue 34, docs/decisions/0062-change-alerts.md): what changed about dwellings
// a user saved, several changes in one mail. A plain function of its data (no I/O): a test renders it.
import type { Language } from '@husly/domain';
import { facts, formatRent, type DigestDwelling } from './boligagent-mails';
import type { MailTemplate } from './mail-template';

export type FavouriteChangeKind = 'rent-drop' | 'back-on-market' | 'rented' | 'reserved';

export interface FavouriteChange {
  kind: FavouriteChangeKind;
  /** The rent before the change (kr.; -1 unknown); the dwelling has the rent now. */
  oldRent: number;
  dwelling: DigestDwelling;
}

export interface FavouriteChangesData {
  /** At least one, oldest change first. */
  changes: FavouriteChange[];
  favouritesPath: string;
  /** Switches these mails off, nothing else. */
  offPath: string;
}

const TEXTS = {
  da: {
    subject: {
      'rent-drop': 'Lavere husleje på en bolig, du har gemt',
      'back-on-market': 'En bolig, du har gemt, er ledig igen',
      rented: 'En bolig, du har gemt, er udlejet',
      reserved: 'En bolig, du har gemt, er reserveret',
    },
    subjectMany: (n: number) => `${n} boliger, du har gemt, har ændret sig`,
    intro: 'Der er nyt om boliger, du har gemt på Husly:',
    rentDrop: (from: string, to: string) => `Huslejen er sat ned fra ${from} til ${to}:`,
    back: 'Ledig igen:',
    backCheaper: (from: string, to: string) => `Ledig igen, og huslejen er sat ned fra ${from} til ${to}:`,
    rented: 'Udlejet:',
    reserved: 'Reserveret:',
    favourites: 'Se dine gemte boliger',
    off: 'Stop mails om gemte boliger',
    footer: 'Du får denne mail, fordi du har bedt om besked, når en bolig, du har gemt, ændrer sig.',
  },
  en: {
    subject: {
      'rent-drop': 'Lower rent on a dwelling you saved',
      'back-on-market': 'A dwelling you saved is available again',
      rented: 'A dwelling you saved has been rented out',
      reserved: 'A dwelling you saved is reserved',
    },
    subjectMany: (n: number) => `${n} dwellings you saved have changed`,
    intro: 'There is news about dwellings you saved on Husly:',
    rentDrop: (from: string, to: string) => `The rent went down from ${from} to ${to}:`,
    back: 'Available again:',
    backCheaper: (from: string, to: string) => `Available again, and the rent went down from ${from} to ${to}:`,
    rented: 'Rented out:',
    reserved: 'Reserved:',
    favourites: 'See your saved dwellings',
    off: 'Stop mails about saved dwellings',
    footer: 'You receive this mail because you asked to hear when a dwelling you saved changes.',
  },
} as const;

function whatChanged(change: FavouriteChange, language: Language): string {
  const t = TEXTS[language];
  const [from, to] = [formatRent(change.oldRent, language), formatRent(change.dwelling.rent, language)];
  switch (change.kind) {
    case 'rent-drop':
      return t.rentDrop(from, to);
    case 'back-on-market':
      return change.oldRent >= 0 && change.dwelling.rent >= 0 && change.dwelling.rent < change.oldRent ? t.backCheaper(from, to) : t.back;
    case 'rented':
      return t.rented;
    case 'reserved':
      return t.reserved;
  }
}

/** One mail per user and claim: each change as a line saying what happened and the dwelling. */
export const favouriteChangesMail: MailTemplate<FavouriteChangesData> = (data, { language, link }) => {
  const t = TEXTS[language];
  const { changes } = data;
  return {
    subject: changes.length === 1 ? t.subject[changes[0].kind] : t.subjectMany(changes.length),
    blocks: [
      t.intro,
      ...changes.map((c) => [whatChanged(c, language), { item: c.dwelling.headline, details: facts(c.dwelling, language), href: link(c.dwelling.path) }]),
      { lines: [{ label: t.favourites, href: link(data.favouritesPath) }, { label: t.off, href: link(data.offPath) }], quiet: true },
      { lines: [t.footer], quiet: true },
    ],
  };
};
