import { type StartupFacts, startupSummary } from '../../../../local/cli/startup-summary';

/** The start-up summary's wording that the end-to-end test (test/e2e/local-loop.test.ts) does not reach. */

const CWD = '/home/dev/service';

function facts(overrides: Partial<StartupFacts> = {}, seeded: StartupFacts['service']['seeded'] = null): StartupFacts {
  return {
    service: {
      url: 'http://127.0.0.1:3000',
      dynamoEndpoint: 'http://127.0.0.1:8000',
      credentialsPath: `${CWD}/.data/demo-credentials.json`,
      seeded,
      files: {
        events: `${CWD}/.data/events.jsonl`,
        voiceCalls: `${CWD}/.data/sandbox/voice-calls.jsonl`,
        voiceReports: `${CWD}/.data/sandbox/voice-reports.jsonl`,
        smsOutbox: `${CWD}/.data/sandbox/sms-outbox.jsonl`,
        fieldServiceJobs: `${CWD}/.data/sandbox/field-service-jobs.jsonl`,
        deadLetters: `${CWD}/.data/dlq-<queue>.jsonl`,
      },
      restored: { messages: 1, schedules: 0, callReports: 2, streams: [] },
      streams: { missing: [] } as unknown as StartupFacts['service']['streams'],
    },
    dataDir: `${CWD}/.data`,
    startedMs: 18_412,
    dynamoPortBusy: null,
    requestLog: true,
    callReports: { on: true, delayMs: 1500 },
    command: 'npm start',
    cwd: CWD,
    ...overrides,
  };
}

describe('startupSummary', () => {
  it('prints paths under the working folder relative to it, so the commands paste as they are', () => {
    const lines = startupSummary(facts());

    expect(lines[0]).toBe('Local service listening on http://127.0.0.1:3000 (npm start, ready in 18.4 s)');
    expect(lines).toContain("  demo keys     .data/demo-credentials.json  e.g. KEY=$(jq -r '.keys[1].key' .data/demo-credentials.json)");
    expect(lines).toContain('  data folder   .data  (npm run demo:reset, with the service stopped, brings back the demo)');
    expect(lines).toContain('  admin CLI     DYNAMODB_ENDPOINT=http://127.0.0.1:8000 npm run admin -- team list');
    expect(lines).toContain('  demo data     kept from the last run');
    expect(lines).toContain(
      '  pages         http://127.0.0.1:3000/api/docs (API reference), http://127.0.0.1:3000/console (charts and tables; offers the demo keys)',
    );
    expect(lines).toContain('  restored      1 queued message, 0 schedules and 2 pending call reports from the last run');
    expect(lines.some((line) => line.startsWith('  booking page'))).toBe(false);
  });

  it('prints the booking page of a demo scheduler when there is one', () => {
    const lines = startupSummary({ ...facts(), bookingPage: 'http://127.0.0.1:3000/widget/1/11' });
    expect(lines).toContain(
      '  booking page  http://127.0.0.1:3000/widget/1/11 (the scheduling widget; embed codes on GET /api/v1/teams/{id}/schedulers)',
    );
  });

  it('says what a fresh seed wrote, that DynamoDB moved off a busy port, and that the request log is off', () => {
    const seeded = facts(
      {},
      {
        teams: 5,
        keys: 4,
        sessions: 5120,
        bookingRequests: 1918,
        leads: 335,
        calls: 51,
        evaluations: 1,
        campaigns: 8,
        texts: 192,
      },
    );
    const lines = startupSummary({
      ...seeded,
      dynamoPortBusy: 8000,
      requestLog: false,
      service: { ...seeded.service, dynamoEndpoint: 'http://127.0.0.1:41234' },
    });

    expect(lines).toContain(
      '  demo data     seeded now: 5 teams, 4 keys, 5,120 sessions, 1,918 booking requests, 335 leads, 51 calls, 1 coach evaluation, 8 SMS campaigns (192 texts)',
    );
    expect(lines).toContain('  DynamoDB      http://127.0.0.1:41234 (port 8000 was busy; DYNAMODB_PORT sets it)');
    expect(lines).toContain('  request log   off (LOG_REQUESTS=false)');
  });
});
