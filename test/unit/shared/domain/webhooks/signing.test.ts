import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { parseRetrySchedule, retryDelaySeconds } from '#shared/domain/webhooks/retry-schedule';
import { generateSecret, SecretBox, signedHeaders } from '#shared/domain/webhooks/signing';

describe('webhook signing', () => {
  it('produces signatures the standardwebhooks reference verifier accepts, for any JSON body and id', () => {
    fc.assert(
      fc.property(fc.json(), fc.string({ minLength: 1, maxLength: 40 }), (body, id) => {
        const secret = generateSecret();
        const timestamp = Math.floor(Date.now() / 1000);
        const headers = signedHeaders([secret], id, timestamp, body);
        expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
        expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('seals secrets so that only the same key and subscription open them', () => {
    const secret = generateSecret();
    const sealed = new SecretBox('key one').seal(secret, 'wh_1');
    expect(sealed).not.toContain(secret.slice(6));
    expect(new SecretBox('key one').open(sealed, 'wh_1')).toBe(secret);
    expect(() => new SecretBox('key two').open(sealed, 'wh_1')).toThrow();
    expect(() => new SecretBox('key one').open(sealed, 'wh_2')).toThrow();
  });

  it('reads the retry schedule, with jitter within 10%', () => {
    expect(parseRetrySchedule(undefined)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(parseRetrySchedule('1, 2,3')).toEqual([1, 2, 3]);
    expect(() => parseRetrySchedule('1,x')).toThrow('WEBHOOK_RETRY_SCHEDULE_SECONDS');
    expect(retryDelaySeconds([300], 1, () => 0)).toBe(270);
    expect(retryDelaySeconds([300], 1, () => 1)).toBe(330);
    expect(retryDelaySeconds([300], 2)).toBeNull();
  });
});
