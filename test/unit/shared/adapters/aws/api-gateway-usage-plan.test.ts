import {
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  GetApiKeysCommand,
  NotFoundException,
} from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeys, type UsagePlanClient } from '#shared/adapters/aws/api-gateway-usage-plan';

/** Registering a service key in the usage plan: an API key whose value is the key id, attached to the plan. */
function fakeClient(options: { existing?: boolean; attached?: boolean; listed?: boolean; deletedMeanwhile?: boolean } = {}) {
  const sent: { name: string; input: unknown }[] = [];
  const conflict = () => new ConflictException({ message: 'exists', $metadata: {} });
  const client: UsagePlanClient = {
    async send(command) {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command instanceof CreateApiKeyCommand) {
        if (options.existing) throw conflict();
        return { id: 'apikey-1' };
      }
      if (command instanceof GetApiKeysCommand)
        // The name query matches prefixes: a longer name is not the key's.
        return {
          items: [
            { id: 'apikey-8', name: 'key_0123456789abcdef-old' },
            ...(options.listed === false ? [] : [{ id: 'apikey-9', name: 'key_0123456789abcdef' }]),
          ],
        };
      if (command instanceof DeleteApiKeyCommand && options.deletedMeanwhile)
        throw new NotFoundException({ message: 'gone', $metadata: {} });
      if (command instanceof CreateUsagePlanKeyCommand && options.attached) throw conflict();
      return {};
    },
  };
  return { client, sent };
}

describe('ApiGatewayUsagePlanKeys', () => {
  it('creates an API key valued as the key id and attaches it to the plan', async () => {
    const { client, sent } = fakeClient();
    await new ApiGatewayUsagePlanKeys('plan-1', client).register('key_0123456789abcdef');
    expect(sent).toEqual([
      { name: 'CreateApiKeyCommand', input: { name: 'key_0123456789abcdef', value: 'key_0123456789abcdef', enabled: true } },
      { name: 'CreateUsagePlanKeyCommand', input: { usagePlanId: 'plan-1', keyId: 'apikey-1', keyType: 'API_KEY' } },
    ]);
  });

  it('is idempotent: an API key that exists is found by name, one already attached is left as it is', async () => {
    const { client, sent } = fakeClient({ existing: true, attached: true });
    await new ApiGatewayUsagePlanKeys('plan-1', client).register('key_0123456789abcdef');
    expect(sent.map((s) => s.name)).toEqual(['CreateApiKeyCommand', 'GetApiKeysCommand', 'CreateUsagePlanKeyCommand']);
    expect(sent[2]?.input).toMatchObject({ keyId: 'apikey-9' });
  });

  it('deregisters a revoked key by deleting the API key of exactly its name', async () => {
    const { client, sent } = fakeClient();
    expect(await new ApiGatewayUsagePlanKeys('plan-1', client).deregister('key_0123456789abcdef')).toBe(true);
    expect(sent).toEqual([
      { name: 'GetApiKeysCommand', input: { nameQuery: 'key_0123456789abcdef', limit: 5 } },
      { name: 'DeleteApiKeyCommand', input: { apiKey: 'apikey-9' } },
    ]);
  });

  it('deregistering is idempotent: a key never registered, or deleted meanwhile, is nothing to do', async () => {
    const never = fakeClient({ listed: false });
    expect(await new ApiGatewayUsagePlanKeys('plan-1', never.client).deregister('key_0123456789abcdef')).toBe(false);
    expect(never.sent.map((s) => s.name)).toEqual(['GetApiKeysCommand']);
    const meanwhile = fakeClient({ deletedMeanwhile: true });
    expect(await new ApiGatewayUsagePlanKeys('plan-1', meanwhile.client).deregister('key_0123456789abcdef')).toBe(false);
  });
});
