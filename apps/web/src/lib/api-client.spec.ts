import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/api-server';
import { createApiClient, errorReference, HttpError, isHttpError } from './api-client';

describe('api client', () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;

  beforeAll(async () => {
    server = await startApiServer({
      'GET /api/dwellings/areas': { body: { data: [], aliases: {} } },
      'POST /api/users': { status: 201, body: { id: 7 } },
      'DELETE /api/boligagents': { status: 204 },
      'GET /api/users/me': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'no session' } },
      'GET /api/fails': { status: 500, body: { statusCode: 500 }, headers: { 'X-Request-Id': '1B4E28BA-2FA1-4D3B-A3F5-EF19B5A7633B' } },
      'GET /api/proxy-fails': { status: 502, body: 'Bad Gateway', headers: { 'X-Request-Id': '<b>call 555-1234</b>' } },
    });
  });
  afterAll(() => server.close());

  it('asks for JSON and sends the stored token as a bearer header', async () => {
    const api = createApiClient({ baseUrl: `${server.origin}/api`, getToken: () => 'abc123' });
    await expect(api.get('/dwellings/areas', { query: { q: 'aarhus', rent: undefined } })).resolves.toEqual({
      data: [],
      aliases: {},
    });
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/api/dwellings/areas?q=aarhus');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers.authorization).toBe('Bearer abc123');
    expect(request.headers['content-type']).toBeUndefined();
  });

  it('sends a JSON body, and no Authorization without a token', async () => {
    const api = createApiClient({ baseUrl: `${server.origin}/api`, getToken: () => undefined });
    await expect(api.post('/users', { email: 'a@b.dk' })).resolves.toEqual({ id: 7 });
    const request = server.requests.at(-1)!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ email: 'a@b.dk' });
    expect(request.headers.authorization).toBeUndefined();
    await expect(api.delete('/boligagents')).resolves.toBeUndefined();
  });

  it('reads the token from the `token` cookie by default', async () => {
    document.cookie = 'other=1';
    document.cookie = 'token=t%C3%B8ken';
    try {
      await createApiClient({ baseUrl: `${server.origin}/api` }).get('/dwellings/areas');
      expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer tøken');
    } finally {
      document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it("keeps the failed call's X-Request-Id as the error's reference, only when it is a request id of ours", async () => {
    const api = createApiClient({ baseUrl: `${server.origin}/api` });
    const failed = await api.get('/fails').catch((e: unknown) => e);
    expect(isHttpError(failed, 500)).toBe(true);
    expect(errorReference(failed)).toBe('1B4E28BA-2FA1-4D3B-A3F5-EF19B5A7633B');
    // Whatever a proxy or an attacker puts in the header is not shown as a reference.
    expect(errorReference(await api.get('/proxy-fails').catch((e: unknown) => e))).toBeUndefined();
    expect(errorReference(await api.get('/users/me').catch((e: unknown) => e))).toBeUndefined();
    expect(errorReference(new Error('render failed'))).toBeUndefined();
  });

  it('raises HTTP_{status} with the body and statusCode', async () => {
    const api = createApiClient({ baseUrl: `${server.origin}/api` });
    const error = await api.get('/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(isHttpError(error, 403)).toBe(true);
    expect((error as HttpError).message).toBe('HTTP_403');
    expect((error as HttpError).statusCode).toBe(403);
    expect((error as HttpError).body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'no session' });

    const missing = await api.get('/nope').catch((e: unknown) => e);
    expect(isHttpError(missing, 404)).toBe(true);
  });
});
