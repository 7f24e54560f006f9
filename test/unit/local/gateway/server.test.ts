/**
 * The local service checks every success body against its contract when it runs under test
 * (NODE_ENV=test, which the service the end-to-end tests start inherits), so it must hand the
 * response builders the classic zod API as the tests and the document generator do (ADR 0183).
 */
describe('the local gateway', () => {
  it('hands the classic zod API to the response builders when it loads', () => {
    jest.isolateModules(() => {
      const { CONTRACTS } = jest.requireActual<typeof import('#shared/contracts/index')>('#shared/contracts/index');
      expect(() => CONTRACTS.getApiDocs.responses[200]?.()).toThrow(/provideResponseZod/);
      jest.requireActual<typeof import('../../../../local/gateway/server')>('../../../../local/gateway/server');
      expect(CONTRACTS.getApiDocs.responses[200]?.()).toBeDefined();
    });
  });
});
