import fc from 'fast-check';
import { CAMPAIGN_TYPES } from '#shared/domain/sms-campaigns/campaign-request';
import {
  DEFAULT_MESSAGING_CONFIG,
  type MessagingConfig,
  MessagingConfigError,
  ORIGINATION_TYPES,
  readMessagingConfig,
} from '#shared/domain/sms-campaigns/messaging-config';

/** Where a refusal points and what it says was expected (the error a caller turns into its message). */
function refusal(value: unknown, root?: string): { path: string; expected: string } | null {
  try {
    readMessagingConfig(value, root);
    return null;
  } catch (error) {
    if (!(error instanceof MessagingConfigError)) throw error;
    return { path: error.path, expected: error.expected };
  }
}

const validConfig: fc.Arbitrary<MessagingConfig> = fc
  .record(
    {
      quiet_hours: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }))
        .filter(([start, end]) => start < end)
        .map(([start_hour, end_hour]) => ({ start_hour, end_hour })),
      solicitation_overrides: fc.dictionary(fc.constantFrom(...CAMPAIGN_TYPES), fc.boolean()),
      origination: fc.record(
        { type: fc.constantFrom(...ORIGINATION_TYPES), messages_per_second: fc.double({ min: 0.001, max: 1000, noNaN: true }) },
        { requiredKeys: ['type'] },
      ),
      phone_region: fc.stringMatching(/^[A-Z]{2}$/),
    },
    { requiredKeys: ['quiet_hours', 'phone_region'] },
  )
  // As a stored or typed configuration arrives: plain objects (fast-check's records have no prototype).
  .map((config) => JSON.parse(JSON.stringify(config)) as MessagingConfig);

describe('readMessagingConfig', () => {
  it('reads an empty map as DEFAULT_MESSAGING_CONFIG', () => {
    expect(readMessagingConfig({})).toStrictEqual(DEFAULT_MESSAGING_CONFIG);
  });

  it('fills each member a map lacks with its default, one end of the window too', () => {
    expect(readMessagingConfig({ quiet_hours: { end_hour: 23 }, origination: { type: 'short_code' } })).toStrictEqual({
      quiet_hours: { start_hour: 8, end_hour: 23 },
      origination: { type: 'short_code' },
      phone_region: 'US',
    });
  });

  it('reads every valid configuration as itself', () => {
    fc.assert(
      fc.property(validConfig, (config) => {
        expect(readMessagingConfig(config)).toStrictEqual(config);
      }),
    );
  });

  it('names where a map goes wrong, under the root it is given', () => {
    expect(refusal({ quiet_hours: { start_hour: 24 } })).toEqual({ path: 'quiet_hours.start_hour', expected: 'a whole hour from 0 to 23' });
    expect(refusal({ quiet_hours: { start_hour: 24 } }, 'config')).toMatchObject({ path: 'config.quiet_hours.start_hour' });
    expect(refusal({ quiet_hours: { start_hour: 22, end_hour: 6 } })).toEqual({
      path: 'quiet_hours',
      expected: 'start_hour before end_hour',
    });
    expect(refusal('quiet')).toEqual({ path: '', expected: 'a map' });
    expect(refusal({ sender: 'x' })).toEqual({ path: 'sender', expected: 'no such member' });
    expect(refusal({ origination: { type: '10dlc', messages_per_second: 0 } })).toMatchObject({
      path: 'origination.messages_per_second',
    });
  });

  it('refuses any value that is not a map of known members, and any member of the wrong kind', () => {
    const notAMap = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.anything()));
    fc.assert(fc.property(notAMap, (value) => expect(refusal(value)).toEqual({ path: '', expected: 'a map' })));
    const member = fc.constantFrom('quiet_hours', 'solicitation_overrides', 'origination', 'phone_region');
    const wrongKind = fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.integer()));
    fc.assert(
      fc.property(member, wrongKind, (name, value) => {
        expect(refusal({ [name]: value })?.path.startsWith(name)).toBe(true);
      }),
    );
  });
});
