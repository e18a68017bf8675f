// Open-loop load generator, modelled on k6's constant-arrival-rate executor.
//
// autocannon's overallRate gives each connection rate/connections requests per second and resets
// the quota with a 1-second setInterval, so every second starts with a burst at full concurrency and
// then goes idle (node_modules/autocannon/lib/httpClient.js). Here request i is due at
// t0 + i * 1000 / rate whatever happened to earlier ones, and its latency runs from that due time
// (coordinated-omission safe, as wrk2), so a slow server shows up as latency instead of lowering
// the offered load.
//
// Cheap in CPU on purpose (it shares the machine with the server and PostgreSQL): raw keep-alive
// sockets, one reused read buffer, and a parser that reads the head and counts body bytes without
// decoding them.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const TIMEOUT_MS = 10_000;
const WARM_CONNECTIONS = 2; // opened before t0 so the first requests do not pay for the handshake
const MAX_HEAD = 64 * 1024;
const CRLFCRLF = Buffer.from('\r\n\r\n');
// One read buffer for every socket: libuv reads into it and the callback consumes it synchronously
// before the next read, and nothing keeps a view of it (a split head is copied). Large enough that
// a ~80 KB response usually arrives in one read.
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

const HEAD = 0;
const BODY = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const CHUNK_END = 4;
const TRAILERS = 5;
const UNTIL_CLOSE = 6;

const round2 = (x) => Math.round(x * 100) / 100;

/** Nearest-rank percentiles of the first n values (ms, 2 decimals); NaN when there are none. */
function summarize(values, n, ps) {
  const sorted = values.subarray(0, n).sort();
  const at = (p) => (n ? round2(sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))]) : NaN);
  return Object.fromEntries(ps.map(([name, p]) => [name, at(p)]));
}

/**
 * Sends GET requests at a constant arrival rate for `duration` seconds.
 * @param {object} o
 * @param {string} o.url e.g. http://127.0.0.1:3000 (http only)
 * @param {() => string} o.nextPath path and query of each request
 * @param {number} o.rate requests per second
 * @param {number} o.duration seconds
 * @param {number} [o.maxConnections] keep-alive connections at most (opened as the load needs them)
 * @param {Record<string, string>} [o.headers] extra request headers
 * @param {number[]} [o.expected] the statuses that are answers (latency sampled, not counted in
 *   non2xx, e.g. [200, 404] for a workload that asks for missing ids too); by default every 2xx
 * @param {(status: number, headers: Record<string, string>) => void} [o.onResponse] per response, header names lower-cased
 * @param {(path: string, due: number, latency: number, headers: Record<string, string>) => void} [o.onSample] per answer
 *   (the sampled ones): its path, due time (performance.now() of this process) and latency in ms, for finding what the slow ones were
 */
export async function constantArrivalRate({ url, nextPath, rate, duration, maxConnections = 64, headers = {}, expected, onResponse, onSample }) {
  if (!(rate > 0) || !(duration > 0) || !(maxConnections >= 1)) throw new RangeError('rate, duration and maxConnections must be positive');
  const target = new URL(url);
  if (target.protocol !== 'http:') throw new Error(`constantArrivalRate: only http:// is supported (${url})`);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port) || 80;
  const prefix = target.pathname.replace(/\/$/, '');
  let tail = `Host: ${target.host}\r\n`;
  for (const [name, value] of Object.entries(headers)) tail += `${name}: ${value}\r\n`;
  tail += '\r\n';

  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * duration));
  // Per-request samples in preallocated arrays: no per-request allocation beyond the request itself.
  const latency = new Float64Array(total);
  const service = new Float64Array(total);
  const late = new Float64Array(total);
  let ok = 0;
  let dispatched = 0;
  let finished = 0;
  let responses = 0;
  let inWindow = 0;
  let sent = 0;
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let queued = 0;
  let peak = 0;

  const conns = new Set();
  const idle = []; // LIFO: the busiest connections stay warm, the others are not opened at all
  let queue = []; // FIFO of requests waiting for a connection
  let qHead = 0;
  let t0 = 0;
  let tEnd = 0;
  let next = 0;
  let timer = null;
  let sweep = null;
  let ended = false;
  let resolveRun;
  const done = new Promise((r) => (resolveRun = r));

  function open() {
    const conn = {
      socket: null,
      req: null,
      used: 0,
      got: 0,
      dead: false,
      state: HEAD,
      head: null,
      line: '',
      status: 0,
      headers: null,
      length: -1,
      chunked: false,
      close: false,
      remaining: 0,
    };
    conn.socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: (n, buf) => onRead(conn, buf, n) },
    });
    conn.socket.on('error', () => {}); // accounted for in 'close'
    conn.socket.on('close', () => onClose(conn));
    conns.add(conn);
    if (conns.size > peak) peak = conns.size;
    return conn;
  }

  function send(conn, req) {
    conn.req = req;
    conn.used++;
    conn.got = 0;
    req.sentAt = performance.now();
    sent++;
    conn.socket.write(`GET ${prefix}${req.path} HTTP/1.1\r\n${tail}`);
  }

  function dispatch(due) {
    const now = performance.now();
    late[dispatched++] = now - due;
    const req = { due, sentAt: 0, path: nextPath(), retried: false };
    const conn = idle.pop() ?? (conns.size < maxConnections ? open() : null);
    if (conn) send(conn, req);
    else {
      queued++;
      queue.push(req);
    }
  }

  function drainQueue() {
    while (qHead < queue.length && !ended) {
      const conn = idle.pop() ?? (conns.size < maxConnections ? open() : null);
      if (!conn) return;
      send(conn, queue[qHead++]);
    }
    if (qHead === queue.length && qHead > 0) {
      queue = [];
      qHead = 0;
    }
  }

  // Sends everything that is due: timers fire up to ~1 ms late, so a wake-up may owe several.
  function pump() {
    timer = null;
    const now = performance.now();
    while (next < total) {
      const due = t0 + next * interval;
      if (due > now) break;
      dispatch(due);
      next++;
    }
    // Node compares whole ms of the loop's clock, so a fractional delay often wakes before the due
    // time and needs a second wake-up; rounding up halves the wake-ups at 500 req/s (each costs CPU).
    if (next < total) timer = setTimeout(pump, Math.ceil(t0 + next * interval - performance.now()));
    else maybeEnd();
  }

  function finish() {
    finished++;
    maybeEnd();
  }

  function maybeEnd() {
    if (ended || next < total || finished < dispatched) return;
    ended = true;
    clearInterval(sweep);
    if (timer) clearTimeout(timer);
    const closing = [...conns].map((conn) => {
      conn.dead = true;
      return new Promise((r) => (conn.socket.once('close', r), conn.socket.destroy()));
    });
    void Promise.all(closing).then(() => resolveRun());
  }

  function complete(conn) {
    const req = conn.req;
    const now = performance.now();
    conn.req = null;
    conn.state = HEAD;
    responses++;
    if (now <= tEnd) inWindow++;
    if (expected ? expected.includes(conn.status) : conn.status >= 200 && conn.status < 300) {
      latency[ok] = now - req.due;
      service[ok] = now - req.sentAt;
      ok++;
      onSample?.(req.path, req.due, now - req.due, conn.headers);
    } else non2xx++;
    onResponse?.(conn.status, conn.headers);
    finish();
  }

  function broken(conn) {
    // Malformed response: the connection cannot be trusted; its request fails in onClose.
    conn.dead = true;
    conn.socket.destroy();
  }

  function parseHead(conn, buf, start, end) {
    const lines = buf.toString('latin1', start, end).split('\r\n');
    const status = lines[0].startsWith('HTTP/1.') ? Number(lines[0].slice(9, 12)) : NaN;
    if (!(status >= 100 && status < 600)) return false;
    const headers = {};
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      if (colon <= 0) continue;
      const name = lines[i].slice(0, colon).trim().toLowerCase();
      const value = lines[i].slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const te = headers['transfer-encoding'];
    const connection = (headers.connection ?? '').toLowerCase();
    conn.status = status;
    conn.headers = headers;
    conn.chunked = te !== undefined && /(?:^|,)\s*chunked\s*$/i.test(te);
    conn.length = !conn.chunked && headers['content-length'] !== undefined ? Number(headers['content-length']) : -1;
    conn.close = connection.includes('close') || (lines[0].startsWith('HTTP/1.0') && !connection.includes('keep-alive'));
    return !(conn.length !== -1 && !(Number.isInteger(conn.length) && conn.length >= 0));
  }

  // Reads a CRLF-terminated line that may be split across reads; returns [line, offset] or null.
  function readLine(conn, data, off, n) {
    const lf = data.indexOf(10, off);
    if (lf === -1) {
      conn.line += data.toString('latin1', off, n);
      return null;
    }
    let line = conn.line + data.toString('latin1', off, lf);
    conn.line = '';
    if (line.endsWith('\r')) line = line.slice(0, -1);
    return [line, lf + 1];
  }

  function onRead(conn, buf, n) {
    if (conn.dead) return;
    if (!conn.req) return broken(conn); // bytes nobody asked for
    conn.got += n;
    const data = buf.subarray(0, n);
    let off = 0;
    let completed = false;
    while (off < n && !completed) {
      switch (conn.state) {
        case HEAD: {
          let head = data;
          let from = off;
          let search = off;
          if (conn.head) {
            head = Buffer.concat([conn.head, data.subarray(off, n)]);
            from = 0;
            search = Math.max(0, conn.head.length - 3);
          }
          const idx = head.indexOf(CRLFCRLF, search);
          if (idx === -1) {
            if (head.length - from > MAX_HEAD) return broken(conn);
            conn.head = conn.head ? head : Buffer.from(data.subarray(off, n)); // copy: READ_BUFFER is reused
            off = n;
            break;
          }
          off += idx + 4 - from - (conn.head ? conn.head.length : 0);
          conn.head = null;
          if (!parseHead(conn, head, from, idx)) return broken(conn);
          if (conn.status < 200) break; // 1xx: the real head follows
          if (conn.status === 204 || conn.status === 304 || conn.length === 0) completed = true;
          else if (conn.chunked) conn.state = CHUNK_SIZE;
          else if (conn.length > 0) {
            conn.state = BODY;
            conn.remaining = conn.length;
          } else {
            conn.state = UNTIL_CLOSE;
            conn.close = true;
          }
          break;
        }
        case BODY:
        case CHUNK_DATA: {
          const take = Math.min(conn.remaining, n - off);
          conn.remaining -= take;
          off += take;
          bytes += take;
          if (conn.remaining === 0) {
            if (conn.state === BODY) completed = true;
            else conn.state = CHUNK_END;
          }
          break;
        }
        case CHUNK_SIZE:
        case CHUNK_END:
        case TRAILERS: {
          const read = readLine(conn, data, off, n);
          if (!read) {
            if (conn.line.length > 8192) return broken(conn);
            off = n;
            break;
          }
          const [line] = read;
          off = read[1];
          if (conn.state === CHUNK_SIZE) {
            const size = /^[0-9a-f]+/i.test(line) ? parseInt(line, 16) : NaN;
            if (!Number.isSafeInteger(size)) return broken(conn);
            if (size === 0) conn.state = TRAILERS;
            else {
              conn.state = CHUNK_DATA;
              conn.remaining = size;
            }
          } else if (conn.state === CHUNK_END) {
            if (line !== '') return broken(conn);
            conn.state = CHUNK_SIZE;
          } else if (line === '') completed = true; // end of trailers
          break;
        }
        case UNTIL_CLOSE:
          bytes += n - off;
          off = n;
          break;
      }
    }
    if (!completed) return;
    complete(conn);
    if (off < n) return broken(conn); // no pipelining: extra bytes mean a confused stream
    release(conn);
  }

  function release(conn) {
    if (conn.dead || ended) return;
    if (conn.close) {
      conn.dead = true;
      conn.socket.destroy();
    } else if (qHead < queue.length) send(conn, queue[qHead++]);
    else idle.push(conn);
  }

  function onClose(conn) {
    conns.delete(conn);
    const i = idle.indexOf(conn);
    if (i !== -1) idle.splice(i, 1);
    const req = conn.req;
    if (req && !ended) {
      if (conn.state === UNTIL_CLOSE) {
        complete(conn); // the body was delimited by the close
      } else {
        conn.req = null;
        if (conn.got === 0 && conn.used > 1 && !req.retried) {
          // The server closed an idle keep-alive connection as we reused it: GET is safe to resend,
          // and its latency still runs from the original due time.
          req.retried = true;
          if (qHead > 0) queue[--qHead] = req;
          else queue.unshift(req);
        } else {
          errors++;
          finish();
        }
      }
    }
    conn.dead = true;
    if (!ended) drainQueue();
  }

  // A request without its response 10 s after it was due (queued or sent) is a timeout; its
  // connection is dropped, since a late response would be read as the next request's.
  function timeoutSweep() {
    const limit = performance.now() - TIMEOUT_MS;
    for (const conn of conns) {
      if (conn.req && conn.req.due < limit) {
        conn.req = null;
        conn.dead = true;
        timeouts++;
        conn.socket.destroy();
        finish();
      }
    }
    while (qHead < queue.length && queue[qHead].due < limit) {
      qHead++;
      timeouts++;
      finish();
    }
  }

  // Small warm pool, bounded in time: a server that does not answer shows up as errors later.
  const warm = [];
  for (let i = 0; i < Math.min(WARM_CONNECTIONS, maxConnections); i++) {
    const conn = open();
    idle.push(conn);
    warm.push(new Promise((r) => (conn.socket.once('connect', r), conn.socket.once('close', r))));
  }
  let warmTimer;
  await Promise.race([Promise.all(warm), new Promise((r) => (warmTimer = setTimeout(r, 2000)))]);
  clearTimeout(warmTimer);

  t0 = performance.now();
  tEnd = t0 + duration * 1000;
  sweep = setInterval(timeoutSweep, 100);
  pump();
  await done;

  const lat = summarize(latency, ok, [['p50', 0.5], ['p90', 0.9], ['p99', 0.99], ['p999', 0.999], ['max', 1]]);
  let sum = 0;
  for (let i = 0; i < ok; i++) sum += latency[i];
  return {
    requests: { total: responses, average: round2(inWindow / duration), sent },
    latency: { ...lat, mean: ok ? round2(sum / ok) : NaN },
    service: summarize(service, ok, [['p50', 0.5], ['p99', 0.99]]),
    non2xx,
    errors,
    timeouts,
    queued,
    sendLate: summarize(late, dispatched, [['p50', 0.5], ['p99', 0.99], ['max', 1]]),
    connections: peak,
    bytes,
  };
}
