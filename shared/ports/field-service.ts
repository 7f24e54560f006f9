/**
 * The team's field-service system (ServiceTitan, or the local sandbox): where a booked visit becomes
 * a job, and where the job follows the visit's moves and cancel. `externalId` (the session id) is
 * recorded with the job, and `findJob` looks it up, so a request repeated after a crash finds the
 * job made before instead of making a second one; `jobState` is the same look before a change (a
 * move already made, a job already cancelled is not asked for again).
 */
export interface FieldServiceJobRequest {
  readonly externalId: string;
  readonly customer: { readonly name: string; readonly phone: string; readonly email: string | null; readonly address: string };
  readonly issueType: string | null;
  readonly jobType: string | null;
  /** The visit: its start and end instants (UTC) and the local slot as the customer picked it. */
  readonly visit: {
    readonly startsAt: string;
    readonly endsAt: string;
    readonly date: string;
    readonly time: string;
    readonly timeZone: string;
  };
  readonly summary: string;
}

/** The job as the system holds it: its appointment's start (UTC; null when it has none) and whether it is cancelled. */
export interface FieldServiceJobState {
  readonly startsAt: string | null;
  readonly cancelled: boolean;
}

export interface FieldServiceSystem {
  findJob(externalId: string): Promise<number | null>;
  createJob(request: FieldServiceJobRequest): Promise<number>;
  jobState(jobId: number): Promise<FieldServiceJobState>;
  /** Moves the job's appointment (and its arrival window) to the visit's new start and end (UTC instants). */
  rescheduleJob(jobId: number, visit: { readonly startsAt: string; readonly endsAt: string }): Promise<void>;
  /** Cancels the job, saying why in `memo`. */
  cancelJob(jobId: number, memo: string): Promise<void>;
}

/** Why the system did not make the job: `retryable` (busy, down, a token to renew) or `rejected` (it refuses this request as it is). */
export class FieldServiceError extends Error {
  constructor(
    readonly kind: 'retryable' | 'rejected',
    readonly code: string,
    message: string,
    /** Seconds the system asked to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'FieldServiceError';
  }
}

/** The system a team has configured; null when it has none. */
export interface FieldServiceDirectory {
  forTeam(teamId: number): Promise<FieldServiceSystem | null>;
}
