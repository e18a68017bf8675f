import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { JobQueue } from '../src/infra/queue/job-queue.service';
import type { TestApp } from './test-app';

/**
 * The mails a test app wrote as files (no SMTP_URL) to an address, once its queued jobs ran. The
 * recipient matches exactly (a bare address), or as part of the header ("Name <address>") when
 * `partOf` is set.
 */
export async function mailsTo(t: TestApp, to: string, options: { partOf?: boolean } = {}): Promise<ParsedMail[]> {
  await t.app.get(JobQueue).drain();
  const dir = t.config.mail.dir;
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  const wanted = to.toLowerCase();
  const matches = (text: string) => (options.partOf ? text.toLowerCase().includes(wanted) : text.toLowerCase() === wanted);
  return parsed.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a !== undefined && matches(a.text)));
}
