import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { startApiServer } from '../../../test/api-server';
import { createApolloClient } from './apollo-client';
import { graphErrorCode } from './graph-errors';
import { CREATE_SUBSCRIPTION, PAYMENT_PROVIDER, REACTIVATE_SUBSCRIPTION } from './operations';

// POST /api/graph answers a refusal with its 4xx (ADR 0040), not a 200: the pages still read the code.

type Server = Awaited<ReturnType<typeof startApiServer>>;
let server: Server;
const refusal = (status: number, code: string) => ({ status, body: { errors: [{ message: code, extensions: { statusCode: status, code } }], data: null } });

beforeAll(async () => {
  server = await startApiServer({
    'POST /api/graph': [refusal(409, 'intro-used'), refusal(409, 'not-reactivatable'), refusal(401, 'HTTP_401'), { status: 400, body: { errors: [{ message: 'Token limit of 1000 exceeded.', extensions: { code: 'OPERATION_LIMIT_EXCEEDED' } }] } }],
  });
});
afterAll(() => server.close());

describe('graphErrorCode on 4xx GraphQL answers', () => {
  it('reads the code of a refusal from the 4xx body, for mutations and queries', async () => {
    const client = createApolloClient(createApiClient({ baseUrl: `${server.origin}/api`, getToken: () => 'token' }));
    const failure = async (run: () => Promise<unknown>) => run().then(() => undefined, (error: unknown) => graphErrorCode(error));
    const input = { planId: 'tenantad-intro-7days', meta: { firstName: 'A', email: 'a@b.dk', terms: true } };
    expect(await failure(() => client.mutate({ mutation: CREATE_SUBSCRIPTION, variables: { input } }))).toBe('intro-used');
    expect(await failure(() => client.mutate({ mutation: REACTIVATE_SUBSCRIPTION, variables: { id: 'x' } }))).toBe('not-reactivatable');
    expect(await failure(() => client.query({ query: PAYMENT_PROVIDER }))).toBe('HTTP_401');
    expect(await failure(() => client.query({ query: PAYMENT_PROVIDER }))).toBe('OPERATION_LIMIT_EXCEEDED');
  });
});
