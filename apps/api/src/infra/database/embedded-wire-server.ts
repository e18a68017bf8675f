import { createServer, type Server, type Socket } from 'node:net';

/** The part of PGlite the wire server uses: one backend, fed raw protocol bytes. */
export interface WireBackendDb {
  runExclusive<T>(callback: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
}

export interface EmbeddedWireServerOptions {
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Connections beyond this get "too many connections" (SQLSTATE 53300), as from PostgreSQL. */
  maxConnections?: number;
  /**
   * How long a connection may keep the backend while it waits on its own client (an open
   * transaction, or an extended query without its Sync) and others wait for the backend. Then it is
   * disconnected and rolled back, so one stuck client cannot hang every other.
   */
  holdTimeoutMs?: number;
  /** Unexpected failures (never a client's SQL error: those go to the client). */
  onError?: (error: Error) => void;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const MAX_STARTUP_LENGTH = 10_000;
const MAX_MESSAGE_LENGTH = 1 << 30; // PGlite's own limit for one exchange
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const TERMINATE = 0x58; // 'X'

/**
 * A PostgreSQL wire-protocol server over PGlite's single backend (docs/decisions/0007).
 *
 * PGlite is one PostgreSQL backend: one session, one unnamed statement, one unnamed portal, one
 * transaction. Several client connections can share it only if their conversations never
 * interleave, so a connection gets the backend for a whole exchange: from its first message until
 * the backend is idle again (ReadyForQuery 'I' as the last thing it sent: after Sync or a simple
 * Query), which keeps it through an open transaction and through Parse/Bind/Execute without Sync.
 * Each connection's bytes are handled strictly in order, one batch at a time; waiting connections
 * are served first come, first served.
 *
 * What the connections still share, because it is one session: session-level SET, LISTEN, temporary
 * tables, session advisory locks and SQL-level PREPARE / cursors WITH HOLD. Protocol-level named
 * prepared statements are given a per-connection prefix, so two clients may both prepare "s1", and
 * they are closed when their connection ends.
 */
export class EmbeddedWireServer {
  private readonly server: Server;
  private readonly connections = new Set<Connection>();
  private readonly sockets = new Set<Socket>();
  private readonly backend: Backend;
  private readonly maxConnections: number;
  readonly holdTimeoutMs: number;
  private readonly onError: (error: Error) => void;
  private nextId = 1;
  private stopping = false;

  constructor(
    db: WireBackendDb,
    private readonly options: EmbeddedWireServerOptions = {},
  ) {
    this.backend = new Backend(db);
    this.maxConnections = options.maxConnections ?? 64;
    this.holdTimeoutMs = options.holdTimeoutMs ?? 15_000;
    this.onError = options.onError ?? ((error) => console.error(`embedded database: ${error.message}`));
    this.server = createServer((socket) => this.accept(socket));
  }

  /** Listens; resolves with the port. */
  start(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }

  /** Stops listening, disconnects every client (rolling back what they left open) and waits for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const finished = [...this.connections].map((connection) => connection.disconnect());
    await Promise.all(finished);
    for (const socket of this.sockets) socket.destroy(); // also those half-closed by end()
    await closed;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  private accept(socket: Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    if (this.stopping || this.connections.size >= this.maxConnections) {
      socket.on('error', () => undefined);
      socket.end(errorResponse('FATAL', '53300', 'sorry, too many clients already'));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    const connection = new Connection(this.nextId++, socket, this.backend, this.holdTimeoutMs, this.onError);
    this.connections.add(connection);
    void connection.finished.then(() => this.connections.delete(connection));
  }
}

/** PGlite's backend, lent to one connection at a time, first come first served. */
class Backend {
  private owner: Connection | undefined;
  private readonly waiting: Array<{ connection: Connection; grant: () => void }> = [];

  constructor(private readonly db: WireBackendDb) {}

  isOwner(connection: Connection): boolean {
    return this.owner === connection;
  }

  get hasWaiters(): boolean {
    return this.waiting.length > 0;
  }

  acquire(connection: Connection): Promise<void> {
    if (this.owner === undefined) this.owner = connection;
    if (this.owner === connection) return Promise.resolve();
    return new Promise((grant) => this.waiting.push({ connection, grant }));
  }

  release(connection: Connection): void {
    if (this.owner !== connection) return;
    const next = this.waiting.shift();
    this.owner = next?.connection;
    next?.grant();
  }

  /**
   * Runs protocol messages on the backend; only its owner may call it. The callback is cut off when
   * the call returns: PGlite keeps the last stream callback for later calls.
   */
  async exec(connection: Connection, message: Uint8Array, onData: (data: Buffer) => void): Promise<void> {
    if (this.owner !== connection) throw new Error('embedded database: exec without the backend');
    let open = true;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(message, {
          // A copy: PGlite reuses its buffer, and socket writes may be flushed later.
          onRawData: (data) => open && data.length > 0 && onData(Buffer.from(data)),
        }),
      );
    } finally {
      open = false;
    }
  }
}

/** Follows the reply stream's message boundaries to tell whether the backend ended idle. */
class ReplyScanner {
  private header = Buffer.alloc(5);
  private headerFill = 0;
  private skip = 0;
  private awaitingStatus = false;
  private lastType = 0;
  private lastStatus = 0;

  feed(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.awaitingStatus) {
        this.lastType = READY_FOR_QUERY;
        this.lastStatus = chunk[i++];
        this.awaitingStatus = false;
      } else if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        i += n;
        this.skip -= n;
      } else {
        this.header[this.headerFill++] = chunk[i++];
        if (this.headerFill < 5) continue;
        this.headerFill = 0;
        const type = this.header[0];
        const length = this.header.readInt32BE(1);
        if (type === READY_FOR_QUERY && length === 5) {
          this.awaitingStatus = true;
        } else {
          this.lastType = type;
          this.skip = Math.max(0, length - 4);
        }
      }
    }
  }

  /** The last complete message was ReadyForQuery with status idle: no transaction, no pending query. */
  get idle(): boolean {
    return this.headerFill === 0 && this.skip === 0 && !this.awaitingStatus && this.lastType === READY_FOR_QUERY && this.lastStatus === IDLE;
  }

  /** The transaction status of the last ReadyForQuery ('I', 'T' or 'E'). */
  get status(): string {
    return String.fromCharCode(this.lastStatus);
  }
}

type Work = { kind: 'startup' | 'messages'; bytes: Buffer } | { kind: 'terminate' };

class Connection {
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  private input: Buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;
  private pumping = false;
  private finishing = false;
  private holdTimer: NodeJS.Timeout | undefined;
  private readonly scanner = new ReplyScanner();
  /** Named prepared statements of this connection, as the backend knows them (with the prefix). */
  private readonly statements = new Set<string>();
  private readonly prefix: string;

  constructor(
    private readonly id: number,
    private readonly socket: Socket,
    private readonly backend: Backend,
    private readonly holdTimeoutMs: number,
    private readonly onError: (error: Error) => void,
  ) {
    this.prefix = `c${id}_`;
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    socket.on('data', (chunk: Buffer) => {
      this.input = this.input.length === 0 ? chunk : Buffer.concat([this.input, chunk]);
      void this.pump();
    });
    // A reset or a write after the peer left: the 'close' that follows ends the connection.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      void this.pump();
    });
  }

  /** Ends the connection from the server's side and resolves once its backend state is cleaned up. */
  disconnect(): Promise<void> {
    this.socket.destroy();
    return this.finished;
  }

  /** The only place that talks to the backend for this connection: strictly one batch after another. */
  private async pump(): Promise<void> {
    if (this.pumping || this.finishing) return;
    this.pumping = true;
    this.clearHoldTimer();
    try {
      for (;;) {
        if (this.closed) {
          await this.finish();
          return;
        }
        const work = this.nextWork();
        if (!work) break;
        await this.run(work);
      }
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
      this.socket.destroy();
      this.closed = true;
      await this.finish();
      return;
    } finally {
      this.pumping = false;
    }
    // Waiting on our client while holding the backend: don't let that last forever if others wait.
    if (this.backend.isOwner(this) && !this.closed) this.armHoldTimer();
  }

  private async run(work: Work): Promise<void> {
    if (work.kind === 'terminate') {
      this.closed = true;
      this.socket.end();
      return;
    }
    await this.backend.acquire(this);
    if (this.closed) return; // the next turn of pump() cleans up
    await this.backend.exec(this, work.bytes, (data) => {
      this.scanner.feed(data);
      if (!this.socket.destroyed) this.socket.write(data);
    });
    if (work.kind === 'startup') this.started = true;
    // After the startup the backend is idle whatever it sent (no transaction can be open yet).
    if (work.kind === 'startup' || this.scanner.idle) this.backend.release(this);
  }

  /** The next batch of complete messages in the input, or undefined when more bytes are needed. */
  private nextWork(): Work | undefined {
    if (!this.started) return this.nextStartupWork();
    const batch: Buffer[] = [];
    let offset = 0;
    while (this.input.length - offset >= 5) {
      const type = this.input[offset];
      const length = this.input.readInt32BE(offset + 1);
      if (length < 4 || length > MAX_MESSAGE_LENGTH) throw new ProtocolViolation(`invalid message length ${length}`);
      if (this.input.length - offset < 1 + length) break;
      if (type === TERMINATE) {
        if (batch.length > 0) break; // run what came before it first
        this.input = this.input.subarray(offset + 1 + length);
        return { kind: 'terminate' };
      }
      batch.push(this.namespaced(this.input.subarray(offset, offset + 1 + length)));
      offset += 1 + length;
    }
    if (batch.length === 0) return undefined;
    // Copied out: the input buffer may be replaced while the backend runs the batch.
    const bytes = Buffer.concat(batch);
    this.input = this.input.subarray(offset);
    return { kind: 'messages', bytes };
  }

  private nextStartupWork(): Work | undefined {
    while (this.input.length >= 8) {
      const length = this.input.readInt32BE(0);
      const code = this.input.readInt32BE(4);
      if (length < 8 || length > MAX_STARTUP_LENGTH) throw new ProtocolViolation(`invalid startup packet length ${length}`);
      if (this.input.length < length) return undefined;
      const packet = Buffer.from(this.input.subarray(0, length));
      this.input = this.input.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write('N'); // no encryption on a loopback-only server; the client goes on in plain text
        continue;
      }
      if (code === CANCEL_REQUEST) {
        // One backend running one statement at a time cannot be interrupted from outside.
        this.closed = true;
        this.socket.end();
        return { kind: 'terminate' };
      }
      return { kind: 'startup', bytes: packet };
    }
    return undefined;
  }

  /**
   * Parse, Bind, Describe and Close with a named prepared statement get this connection's prefix,
   * so statements of different clients never collide in the one backend. Portals need none: they
   * end with their transaction, which a connection never shares.
   */
  private namespaced(message: Buffer): Buffer {
    const type = String.fromCharCode(message[0]);
    let at: number; // where the statement name starts
    if (type === 'P') at = 5;
    else if (type === 'B') at = message.indexOf(0, 5) + 1; // after the portal name
    else if ((type === 'D' || type === 'C') && message[5] === 0x53 /* 'S' */) at = 6;
    else return message;
    if (at <= 0 || message[at] === 0) return message; // the unnamed statement
    const end = message.indexOf(0, at);
    if (end < 0) throw new ProtocolViolation(`unterminated statement name in ${type}`);
    const name = this.prefix + message.toString('utf8', at, end);
    if (type === 'P') this.statements.add(name);
    if (type === 'C') this.statements.delete(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const rewritten = Buffer.concat([message.subarray(0, at), nameBytes, message.subarray(end)]);
    rewritten.writeInt32BE(rewritten.length - 1, 1);
    return rewritten;
  }

  /**
   * The client is gone: leave the backend as a new connection expects it (no COPY, no pending
   * extended query, no transaction, none of our statements), then hand it on.
   */
  private async finish(): Promise<void> {
    if (this.finishing) return;
    this.finishing = true;
    this.clearHoldTimer();
    try {
      if (this.backend.isOwner(this) || this.statements.size > 0) {
        await this.backend.acquire(this);
        await this.resetBackend();
      }
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.backend.release(this);
      // end() lets a last error message out; a client that never closes its side is cut off soon after.
      this.socket.end();
      setTimeout(() => this.socket.destroy(), 1000).unref();
      this.resolveFinished();
    }
  }

  private async resetBackend(): Promise<void> {
    const scanner = new ReplyScanner();
    const run = (message: Buffer) => this.backend.exec(this, message, (data) => scanner.feed(data));
    // As PostgreSQL does when a client vanishes, nothing half-done may commit: a Sync alone would
    // commit an extended query's implicit transaction. So first an error: CopyFail ends a COPY FROM
    // STDIN (and is ignored otherwise), describing a statement that cannot exist aborts whatever
    // runs; then Sync ends the extended query, and ROLLBACK an explicit transaction.
    const abort = message('D', Buffer.concat([Buffer.from('S'), cstring('husly: reset after disconnect')]));
    await run(Buffer.concat([message('f', cstring('client disconnected')), abort, message('S')]));
    if (scanner.status !== 'I') await run(message('Q', cstring('ROLLBACK')));
    if (this.statements.size > 0) {
      const closes = [...this.statements].map((name) => message('C', Buffer.concat([Buffer.from('S'), cstring(name)])));
      await run(Buffer.concat([...closes, message('S')]));
      this.statements.clear();
    }
  }

  private armHoldTimer(): void {
    this.clearHoldTimer();
    this.holdTimer = setTimeout(() => {
      this.holdTimer = undefined;
      if (this.closed || this.pumping || !this.backend.isOwner(this)) return;
      if (!this.backend.hasWaiters) return this.armHoldTimer();
      this.onError(new Error(`connection ${this.id} held the database for ${this.holdTimeoutMs} ms without a message while others waited; disconnected`));
      this.socket.end(
        errorResponse('FATAL', '25P03', 'terminating connection: it kept the embedded database busy while waiting on its client (docs/decisions/0007)'),
      );
      this.closed = true;
      void this.pump();
    }, this.holdTimeoutMs);
    this.holdTimer.unref();
  }

  private clearHoldTimer(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
  }
}

class ProtocolViolation extends Error {}

function cstring(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'utf8');
}

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function errorResponse(severity: 'FATAL' | 'ERROR', code: string, text: string): Buffer {
  const field = (tag: string, value: string) => Buffer.concat([Buffer.from(tag, 'latin1'), cstring(value)]);
  return message('E', Buffer.concat([field('S', severity), field('V', severity), field('C', code), field('M', text), Buffer.from([0])]));
}
