import { App } from 'aws-cdk-lib';
import { Service } from '../../lib/service';
import {
  actionsOf,
  apiResourcePaths,
  findMethod,
  logicalIdOf,
  type Resources,
  referencedLogicalIds,
  roleStatements,
  serviceTemplate,
} from './template-helpers';

/**
 * `/api/coach/rubrics` and `/api/coach/{callId}` are sibling resources of the read API. API Gateway
 * matches a request to a literal path part before a sibling path parameter, so each path needs its
 * own resource and method, integrated with its own function: then /api/coach/rubrics never reaches
 * the evaluation handler (the local gateway's matcher does the same: test/e2e/coach.test.ts).
 */
let stack: Service;
let resources: Resources;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new Service(app, 'CoachRoutes', {
    voiceProvider: { baseUrl: 'https://voice.example.test', assistantId: 'a', phoneNumberId: 'p' },
    smsOriginationIdentity: 'pool-1',
  });
  resources = serviceTemplate(stack).Resources;
});

describe('the coach routes on API Gateway', () => {
  it('serves the static rubrics resource and the {callId} parameter as siblings, each with its own function', () => {
    const api = stack.apis.read;
    if (!api) throw new Error('no read API');
    const paths = apiResourcePaths(resources);
    const children = [...paths.values()].filter((p) => p.startsWith('/api/coach/')).sort();
    expect(children).toEqual(['/api/coach/rubrics', '/api/coach/{callId}']);

    for (const [path, functionName] of [
      ['/api/coach', 'list-coach-evaluations'],
      ['/api/coach/rubrics', 'list-coach-rubrics'],
      ['/api/coach/{callId}', 'get-coach-evaluation'],
    ] as const) {
      const method = findMethod(resources, logicalIdOf(api.api), 'GET', path);
      const fn = api.functions.get(functionName);
      if (!fn) throw new Error(`no function ${functionName}`);
      expect({ path, integrates: referencedLogicalIds(method?.Properties?.Integration).has(logicalIdOf(fn.function)) }).toEqual({
        path,
        integrates: true,
      });
      expect(method?.Properties).toMatchObject({ AuthorizationType: 'CUSTOM' });
    }
  });

  it('lets the coach read functions read DynamoDB and write nothing there (but their rate-limit counters)', () => {
    const limitsId = logicalIdOf(stack.data.tables.limits);
    for (const name of ['list-coach-evaluations', 'get-coach-evaluation', 'list-coach-rubrics']) {
      const fn = stack.apis.read?.functions.get(name);
      if (!fn) throw new Error(`no function ${name}`);
      const dynamo = roleStatements(resources, logicalIdOf(fn.role))
        .filter((statement) => !referencedLogicalIds(statement.Resource).has(limitsId))
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo).toContain('dynamodb:Query');
      expect({ name, writes: dynamo.filter((a) => /Put|Update|Delete|Write/.test(a)) }).toEqual({ name, writes: [] });
    }
  });
});
