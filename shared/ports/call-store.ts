import type { CallRecord } from '../domain/calls';

export interface CallPageQuery {
  readonly teamId: number;
  readonly start?: string;
  readonly end?: string;
  readonly type?: string;
  readonly offset: number;
  readonly limit: number;
}

/** Calls of a team, newest first (started_at descending, then call id descending). */
export interface CallStore {
  listCallsByOffset(query: CallPageQuery): Promise<CallRecord[]>;
  putCalls(calls: readonly CallRecord[]): Promise<void>;
}
