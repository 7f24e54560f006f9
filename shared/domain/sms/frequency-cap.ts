/**
 * Frequency caps (Florida, Oklahoma, Maryland: at most 3 solicitations to a number in 24 hours):
 * a ledger per team and number of the solicitations it was sent or is planned to get, across
 * campaigns. A campaign reserves its slot when it is created (so a preflight sees what other
 * campaigns planned), the sender moves the slot to the instant it actually texts; a slot counts
 * when its text went out, or while its campaign is still scheduled or sending (a cancelled
 * campaign's unsent slots free themselves). Every change is a conditional write on the ledger's
 * version, so racing campaigns and redelivered chunks cannot both take the last slot.
 */

export interface CapSlot {
  readonly campaign_id: string;
  /** When the text goes (or went) out. */
  readonly at: string;
  /** True once the sender claimed the recipient: counts whatever becomes of the campaign. */
  readonly sent: boolean;
  /** When the slot was taken: a campaign not stored yet counts for a while after (campaign-schedule.ts). */
  readonly reserved_at?: string;
}

/** A number's ledger as read: its slots and the version a change must find unchanged. */
export interface CapLedger {
  readonly slots: CapSlot[];
  readonly version: number;
}

/** One number's change among many (CampaignStore.updateCapLedgers). */
export interface CapLedgerChange<T> {
  readonly phone: string;
  readonly known: CapLedger;
  readonly change: (slots: CapSlot[]) => { slots: CapSlot[] | null; result: T };
}

export interface Cap {
  readonly messages: number;
  readonly hours: number;
  readonly jurisdiction: string;
}

/** Whether the slots, with one more at `at`, keep every window of `cap.hours` within `cap.messages`. */
export function fitsCap(counted: readonly CapSlot[], at: number, cap: Cap): boolean {
  const times = [...counted.map((s) => Date.parse(s.at)), at].sort((a, b) => a - b);
  const span = cap.hours * 3_600_000;
  for (let i = 0; i + cap.messages < times.length; i++) {
    if ((times[i + cap.messages] as number) - (times[i] as number) < span) return false;
  }
  return true;
}

/** The earliest instant at or after `from` a slot fits: now, or just as an older slot leaves the window. */
export function earliestFit(counted: readonly CapSlot[], from: number, cap: Cap): number {
  const span = cap.hours * 3_600_000;
  const candidates = [from, ...counted.map((s) => Date.parse(s.at) + span).filter((t) => t > from)].sort((a, b) => a - b);
  for (const t of candidates) if (fitsCap(counted, t, cap)) return t;
  // Unreachable: past the last slot's window everything fits.
  return Math.max(from, ...counted.map((s) => Date.parse(s.at) + span));
}

/** The slots that count: sent ones, and planned ones of campaigns still scheduled or sending. */
export function countedSlots(slots: readonly CapSlot[], live: (slot: CapSlot) => boolean, except: string | null): CapSlot[] {
  return slots.filter((s) => s.campaign_id !== except && (s.sent || live(s)));
}

/** Slots older than this before `now` can no longer share a window with a new one: dropped on write. */
export function prune(slots: readonly CapSlot[], now: number, cap: Cap): CapSlot[] {
  return slots.filter((s) => Date.parse(s.at) > now - cap.hours * 3_600_000);
}
