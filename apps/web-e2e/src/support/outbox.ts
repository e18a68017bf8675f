import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The newest mail to `to` in a portal's outbox `mailDir` (file mode: one .eml per mail). */
export async function mailIn(mailDir: string, to: string, timeoutMs = 45_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(mailDir)) {
      for (const file of readdirSync(mailDir).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(join(mailDir, file)));
        if (mail.to && 'text' in mail.to && mail.to.text === to) return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${mailDir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The verification link of a boligagent's mail ("Bekræft din BoligAgent"). */
export function verifyLinkOf(mail: ParsedMail): string {
  const url = /(http:\/\/\S+\/boligagent\/verify\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!url) throw new Error(`no verification link in the mail "${mail.subject ?? ''}"`);
  return url;
}
