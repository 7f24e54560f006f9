import {
  APIGatewayClient,
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  GetApiKeysCommand,
} from '@aws-sdk/client-api-gateway';

/** The slice of the API Gateway client registration uses (a fake implements it in tests). */
export interface UsagePlanClient {
  send(command: CreateApiKeyCommand | CreateUsagePlanKeyCommand | GetApiKeysCommand): Promise<unknown>;
}

/**
 * Registers a service key in the stack's usage plan (lib/usage-plan.ts). The authorizer returns
 * the key's public id as usageIdentifierKey; with the APIs' key source AUTHORIZER, API Gateway
 * accepts a request only when that value is an API key of a usage plan of the stage, and throttles
 * it by the plan. So each service key gets an API Gateway API key whose value is its key id
 * (key_ + 16 hex: API Gateway's minimum of 20 characters), attached to the plan. The id is public
 * (listed, logged); the secret stays the service key, which the authorizer checks first.
 */
export class ApiGatewayUsagePlanKeys {
  private readonly client: UsagePlanClient;

  constructor(
    private readonly usagePlanId: string,
    client?: UsagePlanClient,
  ) {
    this.client = client ?? (new APIGatewayClient({}) as UsagePlanClient);
  }

  /** Idempotent: a key already registered (a rerun after a failure) is found by its name and attached again. */
  async register(keyId: string): Promise<void> {
    let apiKeyId: string | undefined;
    try {
      const created = (await this.client.send(new CreateApiKeyCommand({ name: keyId, value: keyId, enabled: true }))) as { id?: string };
      apiKeyId = created.id;
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
    if (!apiKeyId) {
      const found = (await this.client.send(new GetApiKeysCommand({ nameQuery: keyId, limit: 5 }))) as {
        items?: { id?: string; name?: string }[];
      };
      apiKeyId = found.items?.find((item) => item.name === keyId)?.id;
    }
    if (!apiKeyId) throw new Error(`API Gateway has no API key named ${keyId}`);
    try {
      await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId: this.usagePlanId, keyId: apiKeyId, keyType: 'API_KEY' }));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  }
}
