import { answerOf, functionEnvironment, routeEvent } from '../../../support/handler-harness';

/** A static page and its assets: no store is read. */
let handler: typeof import('../../../../functions/get-api-docs/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-api-docs');
  ({ handler } = await import('../../../../functions/get-api-docs/handler'));
});

describe('get-api-docs', () => {
  it('answers the page as HTML under its content security policy', async () => {
    const answer = await answerOf(handler, routeEvent('getApiDocs', { identity: null }));
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/^<!doctype html>/);
    expect(answer.headers['content-security-policy']).toEqual(expect.any(String));
  });

  it('answers 404 for an asset it does not serve', async () => {
    const answer = await answerOf(handler, routeEvent('getApiDocsAsset', { identity: null, path: { file: 'nothing-here.js' } }));
    expect(answer.status).toBe(404);
  });

  it('refuses an asset version that is not one, naming v', async () => {
    const answer = await answerOf(
      handler,
      routeEvent('getApiDocsAsset', { identity: null, path: { file: 'nothing-here.js' }, query: { v: '<script>' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'v' });
  });
});
