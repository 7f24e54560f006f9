import { ConflictException, CreateApiKeyCommand, CreateUsagePlanKeyCommand, GetApiKeysCommand } from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeys, type UsagePlanClient } from '#shared/adapters/aws/api-gateway-usage-plan';

/** Registering a service key in the usage plan: an API key whose value is the key id, attached to the plan. */
function fakeClient(options: { existing?: boolean; attached?: boolean } = {}) {
  const sent: { name: string; input: unknown }[] = [];
  const conflict = () => new ConflictException({ message: 'exists', $metadata: {} });
  const client: UsagePlanClient = {
    async send(command) {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command instanceof CreateApiKeyCommand) {
        if (options.existing) throw conflict();
        return { id: 'apikey-1' };
      }
      if (command instanceof GetApiKeysCommand) return { items: [{ id: 'apikey-9', name: 'key_0123456789abcdef' }] };
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
});
