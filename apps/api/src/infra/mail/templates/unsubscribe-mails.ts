import type { MailTemplate } from './mail-template';

// The manual unsubscribe mails: the confirmation link to the matching account's own inbox, and the
// request to customer support when nothing matched (a person whose subscription runs under another
// address still gets an answer). Names are what the requester typed.

export interface UnsubscribeConfirmationData {
  name: string;
  /** The single-use confirmation link's path. */
  path: string;
  days: number;
}

export const unsubscribeConfirmationMail: MailTemplate<UnsubscribeConfirmationData> = (input, { language, link }) => {
  const href = { href: link(input.path) };
  if (language === 'en') {
    return {
      subject: 'Confirm the cancellation of your Husly subscription',
      blocks: [
        `Hi ${input.name}`,
        'We received a request through our cancellation form to stop your Husly subscription. To protect you, the subscription is only cancelled when you follow the link below:',
        href,
        [
          `The link works for ${input.days} days and only once. The subscription then stops renewing and runs until the end of the period you paid for.`,
          'If you did not ask for this, ignore this mail: nothing changes.',
        ],
      ],
    };
  }
  return {
    subject: 'Bekræft opsigelsen af dit Husly-abonnement',
    blocks: [
      `Hej ${input.name}`,
      'Vi har fået en anmodning via vores afmeldingsformular om at stoppe dit Husly-abonnement. For din skyld opsiges abonnementet først, når du klikker på linket herunder:',
      href,
      [
        `Linket virker i ${input.days} dage og kun én gang. Abonnementet fornyes derefter ikke og løber perioden ud, som du har betalt for.`,
        'Har du ikke bedt om det, så se bort fra denne mail: intet bliver ændret.',
      ],
    ],
  };
};

export interface UnsubscribeSupportData {
  uuid: string;
  name: string;
  email: string;
  phone: string;
  orderno: string | null;
  message: string | null;
}

/** To customer support, in its language (SUPPORT_LANGUAGE), whatever the requester's. */
export const unsubscribeSupportMail: MailTemplate<UnsubscribeSupportData> = (input) => ({
  subject: `Afmeldingsformular: ${input.uuid}`,
  blocks: [
    'En afmelding via formularen matchede ingen profil med et løbende abonnement. Undersøg den, og svar personen.',
    [`Navn: ${input.name}`, `Email: ${input.email}`, `Telefon: ${input.phone}`, `Ordrenr.: ${input.orderno ?? '-'}`],
    input.message ?? '',
  ],
});
