import { COOKIES, httpErrorName, readCookie } from '@husly/domain';

/** Spec section 8: an HTTP failure is raised as HTTP_{status}, carrying the response body and statusCode. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    /** The API's X-Request-Id of the failed call: the reference the error page gives to support. */
    readonly requestId?: string,
  ) {
    super(httpErrorName(statusCode));
  }
}

/** A request id as our API writes it (a UUID); anything else a proxy put there is not shown. */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference to show for an error, if it is a failed API call that has one. */
export function errorReference(error: unknown): string | undefined {
  return error instanceof HttpError ? error.requestId : undefined;
}

export function isHttpError(error: unknown, statusCode?: number): error is HttpError {
  return error instanceof HttpError && (statusCode === undefined || error.statusCode === statusCode);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** '/api' in the browser (same origin); the server renderer passes an absolute URL. */
  baseUrl?: string;
  /** The stored auth token; by default the `token` cookie of the current document. */
  getToken?: () => string | undefined;
  fetch?: typeof fetch;
}

function tokenFromDocument(): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, COOKIES.token.name);
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (/\bjson\b/i.test(response.headers.get('content-type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Spec section 7: JSON in and out, an Accept header, and a bearer token when one is stored. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const getToken = options.getToken ?? tokenFromDocument;

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const url = withQuery(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, opts.query);
    // Looked up per call so tests and the server renderer may swap the global.
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(url, { method, headers, body, signal: opts.signal });
    const payload = await readBody(response);
    if (!response.ok) {
      const requestId = response.headers.get('x-request-id') ?? '';
      throw new HttpError(response.status, payload, REQUEST_ID.test(requestId) ? requestId : undefined);
    }
    return payload as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
