import {
  APIGatewayClient,
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  GetApiKeysCommand,
  NotFoundException,
} from '@aws-sdk/client-api-gateway';

/** The slice of the API Gateway client registration uses (a fake implements it in tests). */
export interface UsagePlanClient {
  send(command: CreateApiKeyCommand | CreateUsagePlanKeyCommand | GetApiKeysCommand | DeleteApiKeyCommand): Promise<unknown>;
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
    apiKeyId ??= await this.apiKeyIdOf(keyId);
    if (!apiKeyId) throw new Error(`API Gateway has no API key named ${keyId}`);
    try {
      await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId: this.usagePlanId, keyId: apiKeyId, keyType: 'API_KEY' }));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  }

  /**
   * Removes a revoked key's API key (which detaches it from the plan). The authorizer already
   * refuses the key; this keeps the account's API keys (10,000 per Region) to the live ones.
   * Idempotent: a key never registered, or removed before, is nothing to do. True when one was removed.
   */
  async deregister(keyId: string): Promise<boolean> {
    const apiKeyId = await this.apiKeyIdOf(keyId);
    if (!apiKeyId) return false;
    try {
      await this.client.send(new DeleteApiKeyCommand({ apiKey: apiKeyId }));
      return true;
    } catch (error) {
      if (error instanceof NotFoundException) return false;
      throw error;
    }
  }

  /** The id of the API key named after a service key (the name is exact; the query matches prefixes). */
  private async apiKeyIdOf(keyId: string): Promise<string | undefined> {
    const found = (await this.client.send(new GetApiKeysCommand({ nameQuery: keyId, limit: 5 }))) as {
      items?: { id?: string; name?: string }[];
    };
    return found.items?.find((item) => item.name === keyId)?.id;
  }
}
