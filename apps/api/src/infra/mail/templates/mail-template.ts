import { publicUrlForLanguage, type Language } from '@husly/domain';
import { renderLayout } from './layout';

/**
 * A line of a mail, written once for both parts: the layout turns it into HTML and into its
 * plain-text twin.
 */
export type MailLine =
  /** Text as it is; a line break stays a line break. */
  | string
  /** A link: "label: url" in text, the label (or the url) linked in HTML. */
  | { href: string; label?: string }
  /** The mail's main action: a button in HTML, "label: url" in text. */
  | { button: string; href: string }
  /** An entry of a list (a dwelling): its title linked, a line of details, then the url in text. */
  | { item: string; details: string; href: string };

/** A paragraph: its lines; `quiet` for small print (why you get the mail, how to stop it). */
export type MailBlock = MailLine | MailLine[] | { lines: MailLine[]; quiet?: boolean; strong?: boolean };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What a template gets besides its data: the language and the link maker for that language's host. */
export interface MailContext {
  language: Language;
  /** An absolute URL on the portal in the mail's language (en. for English) of a path such as "/profile". */
  link: (path: string) => string;
}

/** Mails to our own customer support are in its language, whatever the language of the person they are about. */
export const SUPPORT_LANGUAGE: Language = 'da';

/** A mail: its words in each language, from its data. */
export type MailTemplate<D> = (data: D, context: MailContext) => MailContent;

/**
 * The one place a mail is composed: the template, the recipient's language and the portal's
 * PUBLIC_URL give the subject, the HTML and the plain text. Links are made here, so every link of an
 * English mail is on the en. host.
 */
export function composeMail<D>(template: MailTemplate<D>, recipient: { language: Language; publicUrl: string }, data: D): RenderedMail {
  const origin = publicUrlForLanguage(recipient.publicUrl, recipient.language);
  const link = (path: string) => {
    if (!path.startsWith('/')) throw new Error(`a mail link is a path on the portal, not "${path}"`);
    return `${origin}${path}`;
  };
  return renderLayout(recipient.language, template(data, { language: recipient.language, link }));
}
