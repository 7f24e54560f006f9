import * as path from 'node:path';
import type { SeedCounts } from '../demo/seed';
import type { LocalService } from './service';

/**
 * What `npm start` prints once it listens: where everything is and what to type next, in a dozen
 * short lines. Paths under the working folder are printed relative to it, so they paste as they are.
 */
export interface StartupFacts {
  readonly service: Pick<LocalService, 'url' | 'dynamoEndpoint' | 'credentialsPath' | 'seeded' | 'files' | 'restored' | 'streams'> & {
    readonly faults?: Pick<LocalService['faults'], 'describe' | 'active'>;
  };
  readonly dataDir: string;
  readonly startedMs: number;
  /** The port DYNAMODB_PORT (or its default) asked for, when the endpoint is on another one because it was busy. */
  readonly dynamoPortBusy: number | null;
  readonly requestLog: boolean;
  readonly callReports: { readonly on: boolean; readonly delayMs: number };
  /** The command that started the service (`npm start`, `npm run dev`). */
  readonly command: string;
  /** @default process.cwd() */
  readonly cwd?: string;
  /** A demo scheduler's booking page (the widget), when the demo data is there. */
  readonly bookingPage?: string | null;
}

export function startupSummary(facts: StartupFacts): string[] {
  const { service } = facts;
  const shown = (file: string) => relativeToCwd(file, facts.cwd ?? process.cwd());
  const credentials = service.credentialsPath ? shown(service.credentialsPath) : null;
  const dynamo = service.dynamoEndpoint;
  return [
    `Local service listening on ${service.url} (${facts.command}, ready in ${seconds(facts.startedMs)})`,
    `  API           ${service.url}/api/openapi.json describes every route (read /api, platform /v1, intake /api/outbound)`,
    `  pages         ${service.url}/api/docs (API reference), ${service.url}/console (charts and tables; offers the demo keys)`,
    ...(facts.bookingPage
      ? [`  booking page  ${facts.bookingPage} (the scheduling widget; embed codes on GET /api/v1/teams/{id}/schedulers)`]
      : []),
    credentials ? `  demo keys     ${credentials}  e.g. KEY=$(jq -r '.keys[1].key' ${credentials})` : '  demo keys     none (seeding off)',
    `  demo data     ${service.seeded ? `seeded now: ${describeCounts(service.seeded)}` : credentials ? 'kept from the last run' : 'none'}`,
    `  DynamoDB      ${dynamo}${facts.dynamoPortBusy === null ? '' : ` (port ${facts.dynamoPortBusy} was busy; DYNAMODB_PORT sets it)`}`,
    `  admin CLI     DYNAMODB_ENDPOINT=${dynamo} npm run admin -- team list`,
    `  data folder   ${shown(facts.dataDir)}  (${resetCommand(facts.dataDir, facts.cwd ?? process.cwd())}, with the service stopped, brings back the demo)`,
    ...(service.files
      ? [
          `  sandbox       ${shown(service.files.voiceCalls)} (end-of-call reports ${facts.callReports.on ? `after ${facts.callReports.delayMs} ms` : 'off'}), ${shown(service.files.smsOutbox)}, ${shown(service.files.fieldServiceJobs)}, ${shown(service.files.events)}`,
          `  restored      ${plural(service.restored.messages, 'queued message')}, ${plural(service.restored.schedules, 'schedule')} and ${plural(service.restored.callReports, 'pending call report')} from the last run`,
        ]
      : []),
    `  streams       ${describeStreams(service)}`,
    // Only when FAULTS injects some: the summary stays a dozen lines in the ordinary case.
    ...(service.faults?.active
      ? [`  faults        ${service.faults.describe()}; each one logged at info (LOG_LEVEL=info shows them)`]
      : []),
    `  request log   ${facts.requestLog ? 'one line per request below (LOG_REQUESTS=false turns it off)' : 'off (LOG_REQUESTS=false)'}`,
  ];
}

export function describeCounts(counts: SeedCounts): string {
  return [
    plural(counts.teams, 'team'),
    plural(counts.keys, 'key'),
    plural(counts.sessions, 'session'),
    plural(counts.bookingRequests, 'booking request'),
    plural(counts.leads, 'lead'),
    plural(counts.calls, 'call'),
    plural(counts.evaluations, 'coach evaluation'),
    `${plural(counts.campaigns, 'SMS campaign')} (${plural(counts.texts, 'text')})`,
  ].join(', ');
}

/** Each stream consumer and where it started: after its checkpoint from the last run, or at the stream's trim horizon. */
function describeStreams(service: StartupFacts['service']): string {
  const started = service.restored.streams.map(
    (s) => `${s.functionName} ${s.resumedAfter ? 'resumed at its checkpoint' : 'from the trim horizon'}`,
  );
  const missing = service.streams.missing.map((name) => `${name} not polled (functions/${name}/handler.ts missing)`);
  return [...started, ...missing].join('; ') || 'no stream consumers';
}

/** `npm run demo:reset`, naming DATA_DIR when the folder is not the default one. */
function resetCommand(dataDir: string, cwd: string): string {
  return path.resolve(cwd, '.data') === path.resolve(dataDir) ? 'npm run demo:reset' : `DATA_DIR=${dataDir} npm run demo:reset`;
}

/** A path as printed: relative to the working folder when inside it (it then pastes as it is), else absolute. */
export function relativeToCwd(file: string, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
