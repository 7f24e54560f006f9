import { answerOf, functionEnvironment, routeEvent } from '../../../support/handler-harness';

/** The OpenAPI document, built from the route table and the contracts: no store is read. */
let handler: typeof import('../../../../functions/get-openapi/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-openapi');
  ({ handler } = await import('../../../../functions/get-openapi/handler'));
});

describe('get-openapi', () => {
  it('answers the OpenAPI document, cacheable for five minutes', async () => {
    const answer = await answerOf(handler, routeEvent('getOpenApi', { identity: null }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: expect.any(Object) });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers the same document to a second request', async () => {
    const first = await answerOf(handler, routeEvent('getOpenApi', { identity: null }));
    const second = await answerOf(handler, routeEvent('getOpenApi', { identity: null }));
    expect(second.text).toBe(first.text);
  });
});
