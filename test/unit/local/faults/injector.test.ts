import fc from 'fast-check';
import { FAULT_KINDS, FAULT_TARGETS, FaultInjector, FaultSyntaxError, faultSeed, parseFaults } from '../../../../local/faults/injector';

describe('FAULTS', () => {
  it('reads the documented mix', () => {
    expect(parseFaults('dynamodb.throttle:0.05,dynamodb.conflict:0.02,eventbridge.refuse:0.1,voice.5xx:0.3,sms.throttle:0.1')).toEqual([
      { target: 'dynamodb', kind: 'throttle', rate: 0.05 },
      { target: 'dynamodb', kind: 'conflict', rate: 0.02 },
      { target: 'eventbridge', kind: 'refuse', rate: 0.1 },
      { target: 'voice', kind: '5xx', rate: 0.3 },
      { target: 'sms', kind: 'throttle', rate: 0.1 },
    ]);
    expect(parseFaults(undefined)).toEqual([]);
    expect(parseFaults(' ')).toEqual([]);
  });

  it.each([
    ['dynamodb.throttle', 'is not target.kind:rate'],
    ['s3.throttle:0.1', 'unknown target s3'],
    ['voice.conflict:0.1', 'voice has no fault conflict'],
    ['sqs.refuse:0.1', 'sqs has no fault refuse'],
    ['dynamodb.throttle:1.5', 'between 0 and 1'],
  ])('refuses %s naming the entry and what is wrong', (text, message) => {
    expect(() => parseFaults(text)).toThrow(FaultSyntaxError);
    expect(() => parseFaults(text)).toThrow(message);
  });

  it('reads back any list it can print, and refuses anything else with a FaultSyntaxError, never another error', () => {
    const rule = fc.record({
      target: fc.constantFrom(...FAULT_TARGETS),
      kind: fc.constantFrom(...FAULT_KINDS),
      rate: fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    });
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 6 }), (rules) => {
        const text = rules.map((r) => `${r.target}.${r.kind}:${r.rate}`).join(',');
        try {
          expect(parseFaults(text)).toEqual(rules);
        } catch (error) {
          expect(error).toBeInstanceOf(FaultSyntaxError);
        }
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        try {
          parseFaults(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FaultSyntaxError);
        }
      }),
    );
  });

  it('draws the same faults for the same seed, and about the rate asked for', () => {
    const draws = (seed: number) => {
      const faults = new FaultInjector(parseFaults('voice.5xx:0.3,voice.timeout:0.1'), seed);
      return Array.from({ length: 2_000 }, () => faults.draw('voice'));
    };
    const first = draws(42);
    expect(draws(42)).toEqual(first);
    expect(draws(43)).not.toEqual(first);
    const share = (kind: string) => first.filter((k) => k === kind).length / first.length;
    expect(share('5xx')).toBeGreaterThan(0.25);
    expect(share('5xx')).toBeLessThan(0.35);
    // The second rule draws only when the first did not fire: 0.7 × 0.1.
    expect(share('timeout')).toBeGreaterThan(0.05);
    expect(share('timeout')).toBeLessThan(0.09);
  });

  it('draws only the kinds a call can show, and counts what it injected', () => {
    const faults = new FaultInjector(parseFaults('dynamodb.conflict:1,dynamodb.throttle:0'), 1);
    expect(faults.draw('dynamodb', ['throttle', '5xx'])).toBeNull();
    expect(faults.draw('dynamodb', ['conflict'])).toBe('conflict');
    expect(faults.injected.get('dynamodb.conflict')).toBe(1);
    faults.set('dynamodb', 'conflict', 0);
    expect(faults.draw('dynamodb', ['conflict'])).toBeNull();
  });

  it('prints the active mix with its seed for the start-up summary', () => {
    expect(new FaultInjector(parseFaults('sms.throttle:0.1'), 9).describe()).toBe('sms.throttle:0.1 (FAULTS_SEED=9 replays them)');
    expect(new FaultInjector([], 9).describe()).toMatch(/^none/);
    expect(faultSeed('12')).toBe(12);
    expect(() => faultSeed('twelve')).toThrow('FAULTS_SEED "twelve" is not an integer');
  });
});
