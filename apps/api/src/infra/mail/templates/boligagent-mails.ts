// Boligagent mails in Danish and English: the verification link and the list of new dwellings.
// Plain functions of their data (no I/O), so a test renders them and a benchmark renders 100k fast.
import type { MailLanguage } from './public-urls';
import { BRAND_COLOURS as C } from '@husly/domain';

export interface DigestDwelling {
  id: number;
  headline: string;
  rent: number;
  rooms: number;
  size: number;
  city: string;
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
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
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

// One formatter for all mails: building an Intl.NumberFormat per dwelling costs more than the rest of the template.
const KRONER = new Intl.NumberFormat('da-DK');
const formatRent = (rent: number, language: MailLanguage) => (rent < 0 ? TEXTS[language].unknown : `${KRONER.format(rent)} ${TEXTS[language].perMonth}`);

function facts(d: DigestDwelling, language: MailLanguage): string {
  const t = TEXTS[language];
  return [formatRent(d.rent, language), d.rooms < 0 ? t.unknown : t.rooms(d.rooms), d.size < 0 ? t.unknown : `${d.size} m²`, d.city].join(' · ');
}

function layout(body: string): string {
  return (
    `<!doctype html><html><body style="margin:0;padding:0;background:${C.sand};font-family:Arial,Helvetica,sans-serif;color:${C.ink}">` +
    `<div style="max-width:600px;margin:0 auto;padding:16px;background:${C.surface}">` +
    `<div style="font-size:22px;font-weight:bold;color:${C.brand};padding:8px 0 16px">Husly</div>` +
    body +
    '</div></body></html>'
  );
}

export function renderVerificationMail(input: { language: MailLanguage; verifyUrl: string; unsubscribeUrl: string; areas: string[] }): RenderedMail {
  const t = TEXTS[input.language];
  const areas = input.areas.length ? input.areas.join(', ') : '';
  const text = [t.verifyIntro, areas, '', `${t.verifyButton}: ${input.verifyUrl}`, '', t.verifyIgnore, `${t.unsubscribe}: ${input.unsubscribeUrl}`].join('\n');
  const html = layout(
    `<p>${escapeHtml(t.verifyIntro)}</p>` +
      (areas ? `<p><strong>${escapeHtml(areas)}</strong></p>` : '') +
      `<p><a href="${escapeHtml(input.verifyUrl)}" style="display:inline-block;background:${C.brand};color:${C.surface};padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(t.verifyButton)}</a></p>` +
      `<p style="color:${C.inkSoft};font-size:13px">${escapeHtml(t.verifyIgnore)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${C.inkSoft}">${escapeHtml(t.unsubscribe)}</a></p>`,
  );
  return { subject: t.verifySubject, text, html };
}

/** The mail of new dwellings: at most the dwellings given (the caller caps at 20) and "see all N" when there are more. */
export function renderDigestMail(input: {
  language: MailLanguage;
  dwellings: DigestDwelling[];
  total: number;
  seeAllUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const t = TEXTS[input.language];
  const { dwellings, total } = input;
  const more = total > dwellings.length;
  const text = [
    t.digestIntro(total),
    '',
    ...dwellings.flatMap((d) => [d.headline, facts(d, input.language), d.url, '']),
    ...(more ? [`${t.seeAll(total)}: ${input.seeAllUrl}`, ''] : []),
    `${t.manage}: ${input.manageUrl}`,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    '',
    t.footer,
  ].join('\n');
  const items = dwellings
    .map(
      (d) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${C.line}"><a href="${escapeHtml(d.url)}" style="color:${C.ink};font-weight:bold;font-size:16px;text-decoration:none">${escapeHtml(d.headline)}</a>` +
        `<div style="color:${C.inkSoft};font-size:14px;padding-top:4px">${escapeHtml(facts(d, input.language))}</div></td></tr>`,
    )
    .join('');
  const html = layout(
    `<p style="font-size:16px">${escapeHtml(t.digestIntro(total))}</p>` +
      `<table role="presentation" width="100%" cellspacing="0" cellpadding="0">${items}</table>` +
      (more ? `<p><a href="${escapeHtml(input.seeAllUrl)}" style="color:${C.brand};font-weight:bold">${escapeHtml(t.seeAll(total))}</a></p>` : '') +
      `<p style="color:${C.inkSoft};font-size:13px;padding-top:16px">${escapeHtml(t.footer)}<br>` +
      `<a href="${escapeHtml(input.manageUrl)}" style="color:${C.inkSoft}">${escapeHtml(t.manage)}</a> · ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${C.inkSoft}">${escapeHtml(t.unsubscribe)}</a></p>`,
  );
  return { subject: t.digestSubject(total), text, html };
}
