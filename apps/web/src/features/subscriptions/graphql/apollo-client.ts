import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { isHttpError, type ApiClient } from '../../../lib/api-client';

/**
 * Apollo Client for POST /api/graph (spec section 7). Its requests go through our API client, so the
 * base URL, the bearer token and the tests' local server are the same as for every REST call.
 * Loaded only with the subscription pages (a dynamic import), never on the public pages.
 */
export function createApolloClient(api: ApiClient): ApolloClient {
  const fetchThroughApi: typeof fetch = async (_uri, init) => {
    // Our client sets Content-Type itself; a second one ("application/json, application/json") is a 415.
    const headers = Object.fromEntries([...new Headers(init?.headers).entries()].filter(([name]) => name !== 'content-type'));
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
    try {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      return json(200, await api.request<unknown>('POST', '/graph', { body, headers, signal: init?.signal ?? undefined }));
    } catch (error) {
      if (isHttpError(error)) return json(error.statusCode, error.body);
      throw error;
    }
  };
  return new ApolloClient({
    link: new HttpLink({ uri: '/api/graph', fetch: fetchThroughApi }),
    cache: new InMemoryCache(),
    // Mutations change what REST reads next; nothing here is worth a cache across visits.
    defaultOptions: { query: { fetchPolicy: 'network-only' }, watchQuery: { fetchPolicy: 'network-only' } },
  });
}
