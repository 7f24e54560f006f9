/** SMS_PRICE_PER_SEGMENT_USD (default $0.0083, a typical US long-code price) as integer micro-dollars. */
export function pricePerSegmentMicros(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SMS_PRICE_PER_SEGMENT_USD ?? '0.0083';
  const dollars = Number(raw);
  if (!Number.isFinite(dollars) || dollars < 0) throw new Error(`SMS_PRICE_PER_SEGMENT_USD is not a price: ${raw}`);
  return Math.round(dollars * 1_000_000);
}

/**
 * SMS_SEND_RATE_PER_SECOND: texts per second for every team, in place of each team's origination
 * rate (0: unpaced; for local runs, tests and load tests); unset (the default): each team's
 * origination identity's rate.
 */
export function sendRateOverride(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.SMS_SEND_RATE_PER_SECOND;
  if (raw === undefined || raw === '') return null;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0) throw new Error(`SMS_SEND_RATE_PER_SECOND is not a rate: ${raw}`);
  return rate;
}
