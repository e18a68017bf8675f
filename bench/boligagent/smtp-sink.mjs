// A local SMTP sink for the benchmark (its own process, so it does not share the job's CPU time):
// accepts every mail, counts it and its bytes, keeps a uniform random sample of a phase's mails (the
// baseline sends copies of them: the job's mix of digest and change mails), and reports the count and
// the first/last arrival on request. 'reset' starts a phase.
import { SMTPServer } from 'smtp-server';

let count = 0;
/** Mails being received (their index is taken when they start). */
let pending = 0;
let bytes = 0;
let first = 0;
let last = 0;
/** Reservoir sampling: each mail of the phase is in `samples` with the same chance. */
const SAMPLES = 64;
let samples = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    const index = count + pending++;
    const slot = index < SAMPLES ? index : Math.floor(Math.random() * (index + 1));
    const keep = slot < SAMPLES ? [] : null;
    stream.on('data', (chunk) => {
      bytes += chunk.length;
      keep?.push(chunk);
    });
    stream.on('end', () => {
      const now = Date.now();
      if (count === 0) first = now;
      last = now;
      count++;
      pending--;
      if (keep) samples[slot] = Buffer.concat(keep).toString('utf8');
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send?.({ reply: 'count', count });
  if (message === 'stats') process.send?.({ reply: 'stats', count, bytes, first, last, samples: samples.filter(Boolean) });
  if (message === 'reset') {
    count = bytes = first = last = 0;
    samples = [];
    process.send?.({ reply: 'reset' });
  }
  if (message === 'stop') server.close(() => process.exit(0));
});
