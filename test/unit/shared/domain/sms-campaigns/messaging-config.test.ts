import { DEFAULT_MESSAGING_CONFIG, messagingConfigSchema } from '#shared/domain/sms-campaigns/messaging-config';

describe('DEFAULT_MESSAGING_CONFIG', () => {
  it('is what the schema makes of an empty configuration (written out so no function builds the schema)', () => {
    expect(DEFAULT_MESSAGING_CONFIG).toEqual(messagingConfigSchema.parse({}));
  });
});
