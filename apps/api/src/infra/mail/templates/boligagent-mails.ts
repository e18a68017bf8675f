// Boligagent mails: the verification link and the list of new dwellings. Plain functions of their
// data (no I/O): a test renders them.
import type { Language } from '@husly/domain';
import type { MailTemplate } from './mail-template';

export interface DigestDwelling {
  id: number;
  headline: string;
  rent: number;
  rooms: number;
  size: number;
  city: string;
  /** The dwelling's page with the agent's signed user parameter. */
  path: string;
}

const TEXTS = {
  da: {
    verifySubject: 'Bekræft din BoligAgent',
    verifyIntro: 'Tak for din tilmelding til Huslys BoligAgent. Bekræft din email, så sender vi dig nye ledige boliger, der passer til din søgning:',
    verifyButton: 'Bekræft BoligAgent',
    verifyIgnore: 'Har du ikke bedt om en BoligAgent, kan du se bort fra denne mail.',
    digestSubject: (n: number) => (n === 1 ? '1 ny bolig til dig' : `${n} nye boliger til dig`),
    digestIntro: (n: number) => (n === 1 ? 'Din BoligAgent har fundet 1 ny ledig bolig:' : `Din BoligAgent har fundet ${n} nye ledige boliger:`),
    seeAll: (n: number) => `Se alle ${n}`,
    rooms: (n: number) => (n === 1 ? '1 værelse' : `${n} værelser`),
    perMonth: 'kr./md.',
    unknown: 'ukendt',
    manage: 'Ret eller slet din BoligAgent',
    unsubscribe: 'Afmeld BoligAgent',
    footer: 'Du får denne mail, fordi du har oprettet en BoligAgent på Husly.',
    rentDropSubject: 'Lavere husleje på en bolig fra din BoligAgent',
    rentDropIntro: (from: string, to: string) => `Huslejen er sat ned fra ${from} til ${to}:`,
    backSubject: 'En bolig fra din BoligAgent er ledig igen',
    backIntro: 'Boligen er ledig igen:',
    backIntroCheaper: (from: string, to: string) => `Boligen er ledig igen, og huslejen er sat ned fra ${from} til ${to}:`,
    changeAlertsOff: 'Stop mails om ændringer',
    changeFooter: 'Du får denne mail, fordi din BoligAgent tidligere har sendt dig boligen.',
  },
  en: {
    verifySubject: 'Confirm your BoligAgent',
    verifyIntro: 'Thank you for signing up for the Husly BoligAgent. Confirm your email and we will send you new vacant dwellings that match your search:',
    verifyButton: 'Confirm BoligAgent',
    verifyIgnore: 'If you did not ask for a BoligAgent, you can ignore this mail.',
    digestSubject: (n: number) => (n === 1 ? '1 new dwelling for you' : `${n} new dwellings for you`),
    digestIntro: (n: number) => (n === 1 ? 'Your BoligAgent found 1 new vacant dwelling:' : `Your BoligAgent found ${n} new vacant dwellings:`),
    seeAll: (n: number) => `See all ${n}`,
    rooms: (n: number) => (n === 1 ? '1 room' : `${n} rooms`),
    perMonth: 'DKK/month',
    unknown: 'unknown',
    manage: 'Edit or delete your BoligAgent',
    unsubscribe: 'Unsubscribe from BoligAgent',
    footer: 'You receive this mail because you created a BoligAgent on Husly.',
    rentDropSubject: 'Lower rent on a dwelling from your BoligAgent',
    rentDropIntro: (from: string, to: string) => `The rent went down from ${from} to ${to}:`,
    backSubject: 'A dwelling from your BoligAgent is available again',
    backIntro: 'The dwelling is available again:',
    backIntroCheaper: (from: string, to: string) => `The dwelling is available again, and the rent went down from ${from} to ${to}:`,
    changeAlertsOff: 'Stop mails about changes',
    changeFooter: 'You receive this mail because your BoligAgent sent you this dwelling before.',
  },
} as const;

// One formatter for all mails: building an Intl.NumberFormat per dwelling costs more than the rest of the template.
const KRONER = new Intl.NumberFormat('da-DK');
export const formatRent = (rent: number, language: Language) => (rent < 0 ? TEXTS[language].unknown : `${KRONER.format(rent)} ${TEXTS[language].perMonth}`);

/** A dwelling's line of facts in a mail list: rent, rooms, size, city. */
export function facts(d: DigestDwelling, language: Language): string {
  const t = TEXTS[language];
  return [formatRent(d.rent, language), d.rooms < 0 ? t.unknown : t.rooms(d.rooms), d.size < 0 ? t.unknown : `${d.size} m²`, d.city].join(' · ');
}

export interface BoligagentVerificationData {
  verifyPath: string;
  unsubscribePath: string;
  areas: string[];
}

export const boligagentVerificationMail: MailTemplate<BoligagentVerificationData> = (data, { language, link }) => {
  const t = TEXTS[language];
  return {
    subject: t.verifySubject,
    blocks: [
      [t.verifyIntro, data.areas.join(', ')],
      { button: t.verifyButton, href: link(data.verifyPath) },
      { lines: [t.verifyIgnore, { label: t.unsubscribe, href: link(data.unsubscribePath) }], quiet: true },
    ],
  };
};

export interface BoligagentDigestData {
  dwellings: DigestDwelling[];
  total: number;
  seeAllPath: string;
  managePath: string;
  unsubscribePath: string;
}

/** The mail of new dwellings: at most the dwellings given (the caller caps at 20) and "see all N" when there are more. */
export const boligagentDigestMail: MailTemplate<BoligagentDigestData> = (data, { language, link }) => {
  const t = TEXTS[language];
  const { dwellings, total } = data;
  return {
    subject: t.digestSubject(total),
    blocks: [
      t.digestIntro(total),
      ...dwellings.map((d) => ({ item: d.headline, details: facts(d, language), href: link(d.path) })),
      ...(total > dwellings.length ? [{ label: t.seeAll(total), href: link(data.seeAllPath) }] : []),
      { lines: [{ label: t.manage, href: link(data.managePath) }, { label: t.unsubscribe, href: link(data.unsubscribePath) }], quiet: true },
      { lines: [t.footer], quiet: true },
    ],
  };
};

export interface BoligagentChangeData {
  kind: 'rent-drop' | 'back-on-market';
  /** The rent before the change (kr.; -1 unknown); the dwelling has the rent now. */
  oldRent: number;
  dwelling: DigestDwelling;
  managePath: string;
  /** Switches change alerts off, nothing else (docs/decisions/0062-change-alerts.md). */
  changeAlertsOffPath: string;
  unsubscribePath: string;
}

/** A change alert: one dwelling an agent was sent, now cheaper or available again. */
export const boligagentChangeMail: MailTemplate<BoligagentChangeData> = (data, { language, link }) => {
  const t = TEXTS[language];
  const d = data.dwelling;
  const cheaper = data.oldRent >= 0 && d.rent >= 0 && d.rent < data.oldRent;
  const [from, to] = [formatRent(data.oldRent, language), formatRent(d.rent, language)];
  const intro = data.kind === 'rent-drop' ? t.rentDropIntro(from, to) : cheaper ? t.backIntroCheaper(from, to) : t.backIntro;
  return {
    subject: data.kind === 'rent-drop' ? t.rentDropSubject : t.backSubject,
    blocks: [
      intro,
      { item: d.headline, details: facts(d, language), href: link(d.path) },
      {
        lines: [
          { label: t.changeAlertsOff, href: link(data.changeAlertsOffPath) },
          { label: t.manage, href: link(data.managePath) },
          { label: t.unsubscribe, href: link(data.unsubscribePath) },
        ],
        quiet: true,
      },
      { lines: [t.changeFooter], quiet: true },
    ],
  };
};
