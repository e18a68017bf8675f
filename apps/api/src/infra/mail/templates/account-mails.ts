import type { Language } from '@husly/domain';
import type { MailTemplate } from './mail-template';

// The accounts mails: the link of each (verify, reset) as a button, and the notices.

export type AccountMailKind = 'verify-email' | 'verify-tenant-ad-email' | 'reset-password' | 'email-changed' | 'login-locked';

export interface AccountMailData {
  name: string;
  /** The path of the link to follow; absent for a notice. */
  path?: string;
  /** The new address, for the notice to the old one. */
  newEmail?: string;
}

const TEXTS: Record<AccountMailKind, Record<Language, { subject: string; lines: (i: AccountMailData) => string[]; button?: string }>> = {
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

function accountTemplate(kind: AccountMailKind): MailTemplate<AccountMailData> {
  return (data, { language, link }) => {
    const t = TEXTS[kind][language];
    const lines = t.lines(data);
    const button = data.path && t.button ? [{ button: t.button, href: link(data.path) }] : [];
    return { subject: t.subject, blocks: [...lines.slice(0, 2), ...button, ...lines.slice(2), 'Husly'] };
  };
}

export const ACCOUNT_MAILS: Record<AccountMailKind, MailTemplate<AccountMailData>> = {
  'verify-email': accountTemplate('verify-email'),
  'verify-tenant-ad-email': accountTemplate('verify-tenant-ad-email'),
  'reset-password': accountTemplate('reset-password'),
  'email-changed': accountTemplate('email-changed'),
  'login-locked': accountTemplate('login-locked'),
};
