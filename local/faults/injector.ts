import { log } from '#shared/logging/logger';

/**
 * Fault injection for the local runtime and the tests: `FAULTS` makes the local adapters fail the
 * way AWS and the providers do, at a rate per call, so every path can be run under the faults a
 * deployed service meets every day. Syntax (exactly): comma-separated `target.kind:rate`, e.g.
 * `FAULTS=dynamodb.throttle:0.05,dynamodb.conflict:0.02,eventbridge.refuse:0.1,voice.5xx:0.3,sms.throttle:0.1`.
 * `FAULTS_SEED` (an integer) fixes the random draws, so a failing run can be replayed (the draws
 * follow the order of the calls, which concurrent work can change; a sequential run replays exactly).
 * Each injected fault is logged at info level with its target and kind. What each one does to a
 * caller and to the data: docs/faults.md.
 */
export const FAULT_TARGETS = ['dynamodb', 'eventbridge', 'sqs', 'voice', 'sms', 'fieldservice'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];
export const FAULT_KINDS = ['throttle', 'conflict', 'refuse', '5xx', 'timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The kinds each target can show: `conflict` is DynamoDB's (transactions), `refuse` EventBridge's (PutEvents entries). */
const KINDS_OF: Readonly<Record<FaultTarget, readonly FaultKind[]>> = {
  dynamodb: ['throttle', 'conflict', '5xx', 'timeout'],
  eventbridge: ['refuse', 'throttle', '5xx', 'timeout'],
  sqs: ['throttle', '5xx', 'timeout'],
  voice: ['throttle', '5xx', 'timeout'],
  sms: ['throttle', '5xx', 'timeout'],
  fieldservice: ['throttle', '5xx', 'timeout'],
};

export interface FaultRule {
  readonly target: FaultTarget;
  readonly kind: FaultKind;
  /** The fraction of calls that fail this way, 0 to 1. */
  readonly rate: number;
}

/** FAULTS that does not read: the message names the entry and what is wrong with it. */
export class FaultSyntaxError extends Error {
  override name = 'FaultSyntaxError';
}

export function parseFaults(text: string | undefined): FaultRule[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((raw) => {
    const entry = raw.trim();
    const match = /^([a-z0-9]+)\.([a-z0-9]+):([0-9]*\.?[0-9]+)$/.exec(entry);
    if (!match) throw new FaultSyntaxError(`FAULTS entry "${entry}" is not target.kind:rate (e.g. dynamodb.throttle:0.05)`);
    const [, target = '', kind = '', rateText = ''] = match;
    if (!isTarget(target))
      throw new FaultSyntaxError(`FAULTS entry "${entry}": unknown target ${target} (one of ${FAULT_TARGETS.join(', ')})`);
    if (!isKind(kind) || !KINDS_OF[target].includes(kind)) {
      throw new FaultSyntaxError(`FAULTS entry "${entry}": ${target} has no fault ${kind} (one of ${KINDS_OF[target].join(', ')})`);
    }
    const rate = Number(rateText);
    if (!(rate >= 0 && rate <= 1)) throw new FaultSyntaxError(`FAULTS entry "${entry}": the rate must be between 0 and 1`);
    return { target, kind, rate };
  });
}

function isTarget(value: string): value is FaultTarget {
  return (FAULT_TARGETS as readonly string[]).includes(value);
}

function isKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** A seed for FAULTS_SEED: the value given, or a random one (printed, so the run can be replayed). */
export function faultSeed(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new FaultSyntaxError(`FAULTS_SEED "${text}" is not an integer`);
  return seed;
}

/** mulberry32: small, fast and good enough to spread faults; the same seed gives the same draws. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Decides, call by call, which fault (if any) a local adapter shows. */
export class FaultInjector {
  private readonly rules: FaultRule[];
  private readonly random: () => number;
  /** Injected faults so far, by `target.kind`. */
  readonly injected = new Map<string, number>();

  constructor(
    rules: readonly FaultRule[],
    readonly seed: number,
  ) {
    this.rules = [...rules];
    this.random = seededRandom(seed);
  }

  static fromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FaultInjector {
    return new FaultInjector(parseFaults(env.FAULTS), faultSeed(env.FAULTS_SEED));
  }

  get active(): boolean {
    return this.rules.some((r) => r.rate > 0);
  }

  /**
   * The fault this call of `target` shows, among `kinds` (the ones the call can show: a conflict
   * only on a transaction), or null. Each rule of the target draws in turn, so rates add up.
   */
  draw(target: FaultTarget, kinds: readonly FaultKind[] = KINDS_OF[target], context: Record<string, unknown> = {}): FaultKind | null {
    for (const rule of this.rules) {
      if (rule.target !== target || rule.rate === 0 || !kinds.includes(rule.kind)) continue;
      if (this.random() < rule.rate) {
        const key = `${target}.${rule.kind}`;
        this.injected.set(key, (this.injected.get(key) ?? 0) + 1);
        log('info', 'fault injected', { target, kind: rule.kind, ...context });
        return rule.kind;
      }
    }
    return null;
  }

  /** Sets (or adds) one rule's rate: tests turn an outage on and off. */
  set(target: FaultTarget, kind: FaultKind, rate: number): void {
    const index = this.rules.findIndex((r) => r.target === target && r.kind === kind);
    if (index >= 0) this.rules[index] = { target, kind, rate };
    else this.rules.push({ target, kind, rate });
  }

  rulesOf(target: FaultTarget): FaultRule[] {
    return this.rules.filter((r) => r.target === target);
  }

  /** One line for the start-up summary: the active mix and its seed. */
  describe(): string {
    const active = this.rules.filter((r) => r.rate > 0);
    if (active.length === 0) return 'none (FAULTS=target.kind:rate,... injects them; see docs/faults.md)';
    const unused = active.some((r) => r.target === 'fieldservice')
      ? '; no field-service provider is called here, so its faults never fire'
      : '';
    return `${active.map((r) => `${r.target}.${r.kind}:${r.rate}`).join(', ')} (FAULTS_SEED=${this.seed} replays them${unused})`;
  }
}

/** How long a `timeout` fault holds a call before it fails (longer than the clients' request time-outs). */
export const FAULT_TIMEOUT_MS = 2_000;
