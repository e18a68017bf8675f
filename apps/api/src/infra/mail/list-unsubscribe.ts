/**
 * List-Unsubscribe (RFC 2369) with its one-click POST (RFC 8058): every mail a reader can stop carries
 * them. The https URL stops the mail with a POST; `mailto` adds the address our unsubscribe mailbox
 * reads (the boligagent's, whose subject carries the token), for clients that only mail.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string, mailto?: { mailFrom: string; token: string }): Record<string, string> {
  const links = [`<${unsubscribeUrl}>`];
  if (mailto) {
    const address = /<([^>]+)>/.exec(mailto.mailFrom)?.[1] ?? mailto.mailFrom;
    const mailbox = `unsubscribe@${address.split('@')[1] ?? 'husly.dk'}`;
    links.push(`<mailto:${mailbox}?subject=unsubscribe%20${encodeURIComponent(mailto.token)}>`);
  }
  return { 'List-Unsubscribe': links.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
