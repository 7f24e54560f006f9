/**
 * Spaces a team's texts at its origination identity's rate across every sender at work for it
 * (concurrent chunks and campaigns): each group of texts takes the next free slots.
 */
export interface SendPacer {
  /** When the team's next free slot is (epoch ms; at or before `now` when free now). */
  nextFree(teamId: number, now: number): Promise<number>;
  /** Takes `count` consecutive slots `intervalMs` apart; answers when the first one is (epoch ms). */
  take(teamId: number, count: number, intervalMs: number, now: number): Promise<number>;
}
