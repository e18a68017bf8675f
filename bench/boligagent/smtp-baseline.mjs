// The SMTP baseline of bench:boligagent (its own process, as the job is): the same nodemailer
// transport as MailService (SMTP_URL plus pool=true: the same connections and messages per
// connection) sends `count` mails straight to the sink, `inFlight` at a time (more than the pool's
// connections, as the job has). The mails are copies of a random sample of the job's own
// (subject, text, html, list headers), each to its own address with its own Message-ID: no
// database, no rendering, what the client and the sink manage alone.
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';

process.once('message', async ({ smtpUrl, count, inFlight, samples }) => {
  const mails = await Promise.all(
    samples.map(async (raw) => {
      const parsed = await simpleParser(raw);
      const headers = {};
      for (const name of ['list-unsubscribe', 'list-unsubscribe-post']) {
        const line = parsed.headerLines.find((h) => h.key === name);
        if (line) headers[name] = line.line.slice(line.line.indexOf(':') + 1).trim();
      }
      return { from: parsed.from?.text, subject: parsed.subject, text: parsed.text, html: parsed.html || undefined, headers };
    }),
  );
  const transport = createTransport(`${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const mail = mails[i % mails.length];
      try {
        await transport.sendMail({ ...mail, to: `agent${i + 1}@bench.husly.test`, headers: { ...mail.headers, 'Message-ID': `<baseline-${i}@husly.dk>` } });
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  transport.close();
  const cpu = process.cpuUsage();
  process.send({ failed, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
});
