import type { Language } from '@husly/domain';
import type { MailTemplate } from './mail-template';

// The contact form's message to customer support (SUPPORT_LANGUAGE), sent from our own address with
// the sender as Reply-To. The caller makes name and subject safe for a header.

export interface ContactFormData {
  name: string;
  email: string;
  /** The site the sender wrote from. */
  site: Language;
  subject: string;
  message: string;
}

export const contactFormMail: MailTemplate<ContactFormData> = (d) => ({
  subject: `Kontaktformular: ${d.subject}`,
  blocks: [[`Navn: ${d.name}`, `Email: ${d.email}`, `Sprog: ${d.site}`, `Emne: ${d.subject}`], d.message],
});
