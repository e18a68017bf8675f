// A local SMTP sink for the benchmark (its own process, so it does not share the job's CPU time):
// accepts every mail, counts it, and reports the count and the first/last arrival on request.
import { SMTPServer } from 'smtp-server';

let count = 0;
let first = 0;
let last = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      const now = Date.now();
      if (count === 0) first = now;
      last = now;
      count++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ count, first, last });
  if (message === 'stop') server.close(() => process.exit(0));
});
