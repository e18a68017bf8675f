import type { MailTemplate } from './mail-template';

// The landlord's message relayed to the seeker of a tenant ad (sent from our address, the landlord as
// Reply-To). Everything but our own words is typed by the seeker or the landlord.

export interface LandlordMessageData {
  /** The seeker's first name. */
  firstName: string;
  /** The ad's subject, made safe for a header by the caller. */
  adSubject: string;
  message: string;
  landlord: { name: string; email: string; phone?: string };
}

export const landlordMessageMail: MailTemplate<LandlordMessageData> = (d, { language }) => {
  const da = language === 'da';
  const landlord = [`${da ? 'Navn' : 'Name'}: ${d.landlord.name}`, `Email: ${d.landlord.email}`, ...(d.landlord.phone ? [`${da ? 'Telefon' : 'Phone'}: ${d.landlord.phone}`] : [])];
  return da
    ? {
        subject: `Besked fra en udlejer: ${d.adSubject}`,
        blocks: [
          `Hej ${d.firstName}`,
          `En udlejer har læst din boligannonce "${d.adSubject}" på Husly og skriver til dig:`,
          d.message,
          landlord,
          [
            'Svar på denne mail for at skrive direkte til udlejeren. Vi har ikke givet udlejeren din email-adresse eller dit telefonnummer; udlejeren ser din adresse først, når du svarer.',
            'Husk: betal aldrig depositum eller husleje, før du har set boligen og har en underskrevet lejekontrakt.',
          ],
        ],
      }
    : {
        subject: `A message from a landlord: ${d.adSubject}`,
        blocks: [
          `Hi ${d.firstName}`,
          `A landlord has read your tenant ad "${d.adSubject}" on Husly and writes to you:`,
          d.message,
          landlord,
          [
            'Reply to this mail to write to the landlord directly. We have not given the landlord your email address or phone number; they see your address only when you reply.',
            'Remember: never pay a deposit or rent before you have seen the home and have a signed lease.',
          ],
        ],
      };
};
