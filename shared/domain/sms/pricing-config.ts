/** SMS_PRICE_PER_SEGMENT_USD (default $0.0083, a typical US long-code price) as integer micro-dollars. */
export function pricePerSegmentMicros(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SMS_PRICE_PER_SEGMENT_USD ?? '0.0083';
  const dollars = Number(raw);
  if (!Number.isFinite(dollars) || dollars < 0) throw new Error(`SMS_PRICE_PER_SEGMENT_USD is not a price: ${raw}`);
  return Math.round(dollars * 1_000_000);
}

/** SMS_SEND_RATE_PER_SECOND (default 20; 0 sends unpaced). */
export function sendRatePerSecond(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SMS_SEND_RATE_PER_SECOND ?? '20';
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0) throw new Error(`SMS_SEND_RATE_PER_SECOND is not a rate: ${raw}`);
  return rate;
}
