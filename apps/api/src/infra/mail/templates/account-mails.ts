import { BRAND_COLOURS as C, type Language } from '@husly/domain';

// The accounts mails in Danish and English. Plain text first (many readers show only that), with a
// small HTML part carrying the same words and a button. Names are escaped: a user chose them.

export interface AccountMail {
  subject: string;
  text: string;
  html: string;
}

export type AccountMailKind = 'verify-email' | 'verify-tenant-ad-email' | 'reset-password' | 'email-changed' | 'login-locked';

interface MailInput {
  name: string;
  /** The link to follow; absent for a notice. */
  link?: string;
  /** The new address, for the notice to the old one. */
  newEmail?: string;
}

const TEXTS: Record<AccountMailKind, Record<Language, { subject: string; lines: (i: MailInput) => string[]; button?: string }>> = {
  'verify-email': {
    da: {
      subject: 'Bekræft din email-adresse hos Husly',
      lines: (i) => [`Hej ${i.name}`, 'Tak fordi du bruger Husly. Bekræft din email-adresse ved at klikke på linket herunder.', 'Linket virker i 7 dage og kun én gang.'],
      button: 'Bekræft email-adresse',
    },
    en: {
      subject: 'Confirm your email address at Husly',
      lines: (i) => [`Hi ${i.name}`, 'Thank you for using Husly. Please confirm your email address by following the link below.', 'The link works for 7 days and only once.'],
      button: 'Confirm email address',
    },
  },
  // The tenant ad's contact address (issue 29): whoever gets this without having written the ad can ignore it.
  'verify-tenant-ad-email': {
    da: {
      subject: 'Bekræft email-adressen i din boligannonce hos Husly',
      lines: (i) => [
        `Hej ${i.name}`,
        'Denne email-adresse er skrevet i en boligannonce på Husly. Bekræft den ved at klikke på linket herunder, mens du er logget ind på din Husly-profil; først da sender vi udlejeres beskeder hertil.',
        'Linket virker i 7 dage og kun én gang. Har du ikke skrevet en boligannonce, kan du se bort fra denne mail: vi sender ingen beskeder til en adresse, der ikke er bekræftet.',
      ],
      button: 'Bekræft email-adresse',
    },
    en: {
      subject: 'Confirm the email address of your Husly tenant ad',
      lines: (i) => [
        `Hi ${i.name}`,
        'This email address was entered in a tenant ad on Husly. Confirm it by following the link below while logged in to your Husly profile; only then do we send messages from landlords here.',
        'The link works for 7 days and only once. If you did not write a tenant ad, you can ignore this mail: we send no messages to an address that is not confirmed.',
      ],
      button: 'Confirm email address',
    },
  },
  'reset-password': {
    da: {
      subject: 'Nulstil din adgangskode hos Husly',
      lines: (i) => [`Hej ${i.name}`, 'Vi har fået en anmodning om at nulstille adgangskoden til din profil. Klik på linket herunder for at vælge en ny.', 'Linket virker i 30 minutter og kun én gang. Har du ikke bedt om det, kan du se bort fra denne mail.'],
      button: 'Vælg ny adgangskode',
    },
    en: {
      subject: 'Reset your Husly password',
      lines: (i) => [`Hi ${i.name}`, 'We received a request to reset the password of your profile. Follow the link below to choose a new one.', 'The link works for 30 minutes and only once. If you did not ask for it, you can ignore this mail.'],
      button: 'Choose a new password',
    },
  },
  'email-changed': {
    da: {
      subject: 'Din email-adresse hos Husly er ændret',
      lines: (i) => [`Hej ${i.name}`, `Email-adressen på din Husly-profil er ændret til ${i.newEmail ?? ''}.`, 'Var det ikke dig, så kontakt venligst vores kundeservice.'],
    },
    en: {
      subject: 'Your Husly email address has changed',
      lines: (i) => [`Hi ${i.name}`, `The email address of your Husly profile was changed to ${i.newEmail ?? ''}.`, 'If this was not you, please contact our customer support.'],
    },
  },
  // The link is the reset page: a stranger who guesses may know an old password.
  'login-locked': {
    da: {
      subject: 'Mange forkerte logins på din Husly-profil',
      lines: (i) => [
        `Hej ${i.name}`,
        'Nogen har prøvet at logge ind på din Husly-profil med forkert adgangskode mange gange. Logins fra nye enheder er sat på pause et kvarter ad gangen; på en enhed, hvor du har logget ind før, kan du stadig logge ind.',
        'Var det ikke dig, så vælg gerne en ny adgangskode.',
      ],
      button: 'Vælg ny adgangskode',
    },
    en: {
      subject: 'Many failed logins to your Husly profile',
      lines: (i) => [
        `Hi ${i.name}`,
        'Someone has tried to log in to your Husly profile with a wrong password many times. Logins from new devices are paused for a quarter of an hour at a time; on a device where you have logged in before, you can still log in.',
        'If this was not you, consider choosing a new password.',
      ],
      button: 'Choose a new password',
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function accountMail(kind: AccountMailKind, language: Language, input: MailInput): AccountMail {
  const t = TEXTS[kind][language];
  const lines = t.lines(input);
  const text = [...lines.slice(0, 2), ...(input.link ? [input.link] : []), ...lines.slice(2), '', 'Husly'].join('\n\n');
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`);
  const button =
    input.link && t.button
      ? `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:${C.brand};color:${C.surface};text-decoration:none;font-weight:600">${escapeHtml(t.button)}</a></p><p style="font-size:13px;color:${C.inkSoft}">${escapeHtml(input.link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:${C.ink};line-height:1.5">${paragraphs.slice(0, 2).join('')}${button}${paragraphs.slice(2).join('')}<p>Husly</p></body></html>`;
  return { subject: t.subject, text, html };
}
