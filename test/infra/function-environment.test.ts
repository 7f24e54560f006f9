import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Service } from '../../lib/service';
import { installLambdaStreaming } from '../../local/gateway/lambda-streaming';
import { declaredVariables, LOCAL_FUNCTIONS } from '../../local/runtime/function-environment';
import { environmentOf, serviceFunctions, serviceTemplate } from './template-helpers';

/**
 * Each function is tested with exactly the environment the stack gives it. The stack (synthesized
 * without bundling) sets, per function, `TABLE_<NAME>` for the tables its route or worker rows
 * list, the variables of the ports its rows use, and the cursor key on the read surface. Here:
 *
 * - the local runtime (local/runtime/function-environment.ts), which loads and runs every handler with only
 *   its declared variables, gives each function exactly the variables the template gives it, so
 *   the end-to-end tests (test/e2e/function-environment.test.ts runs a representative request per
 *   route and both workers) run each handler with the stack's environment;
 * - every handler module loads, in an isolated module registry, with process.env set to exactly
 *   the template's variables (plus what the Lambda runtime itself sets): a table or port the
 *   handler reaches at module load and its rows do not declare throws there as in AWS.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
/** ServiceFunction's house defaults, on every function; not resources. */
const HOUSE_DEFAULTS = new Set(['NODE_OPTIONS', 'LOG_LEVEL', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE']);
/**
 * What the Lambda runtime adds beside the function's configuration (a subset: the region the SDK
 * clients read), and the test-wide switch of the AWS SDK's notice about the local Node 20.
 */
const LAMBDA_RUNTIME = { AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

let environments: Map<string, Record<string, unknown>>;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  const stack = new Service(app, 'LeadCallSchedulingService');
  const resources = serviceTemplate(stack).Resources;
  environments = new Map([...serviceFunctions(stack)].map(([name, fn]) => [name, environmentOf(resources, fn)]));
});

/** The template's variables as the function sees them once deployed: a reference or secret resolves to some string. */
function deployedEnvironment(variables: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name, typeof value === 'string' ? value : `resolved-at-deploy:${name}`]),
  );
}

function loadWith(functionName: string, env: Record<string, string>): unknown {
  // Lambda's Node.js runtime gives every function the response-streaming global; so does the local gateway.
  installLambdaStreaming();
  const saved = process.env;
  let handler: unknown;
  try {
    jest.isolateModules(() => {
      process.env = { ...env };
      handler = (require(path.join(__dirname, '..', '..', 'functions', functionName, 'handler.ts')) as { handler?: unknown }).handler;
    });
  } finally {
    process.env = saved;
  }
  return handler;
}

describe('each function with exactly the environment the stack gives it', () => {
  it('deploys exactly the functions the local runtime runs', () => {
    expect([...environments.keys()].sort()).toEqual([...LOCAL_FUNCTIONS.keys()].sort());
  });

  it('gives each function, in the local runtime, exactly the variables the template gives it', () => {
    for (const [functionName, variables] of environments) {
      const local = LOCAL_FUNCTIONS.get(functionName);
      const deployed = Object.keys(variables)
        .filter((name) => !HOUSE_DEFAULTS.has(name))
        .sort();
      const declared = local ? [...declaredVariables(local)].sort() : [];
      expect({ functionName, variables: declared }).toEqual({ functionName, variables: deployed });
    }
  });

  it('loads every handler with only the template environment', () => {
    const failures: string[] = [];
    for (const [functionName, variables] of environments) {
      try {
        const handler = loadWith(functionName, { ...deployedEnvironment(variables), ...LAMBDA_RUNTIME });
        if (typeof handler !== 'function') failures.push(`${functionName}: exports no handler`);
      } catch (error) {
        failures.push(`${functionName}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('fails to load a handler whose table is missing from its environment, naming the row to fix', () => {
    const variables = environments.get('list-teams') ?? {};
    const { TABLE_TEAMS: _dropped, ...withoutTeams } = deployedEnvironment(variables);
    expect(() => loadWith('list-teams', { ...withoutTeams, ...LAMBDA_RUNTIME })).toThrow(
      /does not declare the teams table \(TABLE_TEAMS not set\): add it to the tables of its route row/,
    );
  });

  it('gives the event bus to publish-events alone: every lifecycle event is due in the outbox with its change', () => {
    const withVariable = (name: string) =>
      [...environments]
        .filter(([, variables]) => name in variables)
        .map(([functionName]) => functionName)
        .sort();
    expect(withVariable('EVENT_BUS_NAME')).toEqual(['publish-events']);
    // Those that make events due: the lead writers, the campaign sender, the dispatcher, the voice webhook, the coach worker.
    expect(withVariable('TABLE_OUTBOX')).toEqual(
      expect.arrayContaining([
        'ingest-lead',
        'receive-voice-report',
        'webhook-dispatcher',
        'coach-evaluator',
        'campaign-sender',
        'publish-events',
        'manage-appointment',
        'change-appointment',
      ]),
    );
  });

  it('gives change-appointment what a change writes, the idempotency table and the manage links: no bus, no queue', () => {
    const variables = Object.keys(environments.get('change-appointment') ?? {}).filter((name) => !HOUSE_DEFAULTS.has(name));
    expect(variables).toEqual(
      expect.arrayContaining([
        'TABLE_TEAMS',
        'TABLE_LEADS',
        'TABLE_SESSIONS',
        'TABLE_OUTBOX',
        'TABLE_IDEMPOTENCY',
        'TABLE_LIMITS',
        'CURSOR_SECRET_ID',
        'PUBLIC_ORIGIN',
      ]),
    );
    expect(variables.filter((name) => name === 'EVENT_BUS_NAME' || name.startsWith('QUEUE_'))).toEqual([]);
    const { TABLE_OUTBOX: _dropped, ...withoutOutbox } = deployedEnvironment(environments.get('change-appointment') ?? {});
    expect(() => loadWith('change-appointment', { ...withoutOutbox, ...LAMBDA_RUNTIME })).toThrow(/does not declare the outbox table/);
  });

  it('fails to load the coach worker, the dispatcher and the voice webhook without the outbox table', () => {
    for (const functionName of ['coach-evaluator', 'webhook-dispatcher', 'receive-voice-report']) {
      const { TABLE_OUTBOX: _dropped, ...withoutOutbox } = deployedEnvironment(environments.get(functionName) ?? {});
      expect(() => loadWith(functionName, { ...withoutOutbox, ...LAMBDA_RUNTIME })).toThrow(/does not declare the outbox table/);
    }
  });
});
