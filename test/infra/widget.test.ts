import { App } from 'aws-cdk-lib';
import { QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import { Service } from '../../lib/service';
import { environmentOf, logicalIdOf, ofType, type Resources, serviceFunctions, serviceTemplate } from './template-helpers';

/**
 * The scheduling widget in the stack: a WAF rate rule per client address on the read API's stage,
 * scoped to the widget's paths; the widget-followups queue with its dead-letter queue; its worker;
 * and no field-service credential anywhere in the template.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

let stack: Service;
let resources: Resources;
let templateText: string;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  stack = new Service(app, 'LeadCallSchedulingService');
  const template = serviceTemplate(stack);
  resources = template.Resources;
  templateText = JSON.stringify(template);
});

describe('the scheduling widget in the stack', () => {
  it('puts a rate-based WAF rule per client address, scoped to /widget/, answering 429 with Retry-After, on the read API stage', () => {
    const acls = ofType(resources, 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [, acl] = acls[0] as [string, { Properties: Record<string, unknown> }];
    expect(acl.Properties).toMatchObject({
      Scope: 'REGIONAL',
      DefaultAction: { Allow: {} },
      Rules: [
        {
          Action: { Block: { CustomResponse: { ResponseCode: 429, ResponseHeaders: [{ Name: 'retry-after', Value: '60' }] } } },
          Statement: {
            RateBasedStatement: {
              AggregateKeyType: 'IP',
              EvaluationWindowSec: 300,
              ScopeDownStatement: { ByteMatchStatement: { SearchString: '/widget/', PositionalConstraint: 'CONTAINS' } },
            },
          },
        },
      ],
    });
    const associations = ofType(resources, 'AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(1);
    const readApi = stack.apis.read?.api;
    if (!readApi) throw new Error('no read API');
    expect(JSON.stringify(associations[0]?.[1])).toContain(logicalIdOf(readApi));
  });

  it('gives the widget-followups queue a dead-letter queue and the booking route its URL', () => {
    const queue = stack.queues.queue('widget-followups');
    expect(queue.deadLetterQueue).toBeDefined();
    const booking = serviceFunctions(stack).get('widget-api');
    if (!booking) throw new Error('no widget-api function');
    expect(environmentOf(resources, booking)[QUEUE_URL_ENV['widget-followups']]).toBeDefined();
    expect(serviceFunctions(stack).has('widget-worker')).toBe(true);
  });

  it('puts no field-service credential in the template or any function configuration', () => {
    expect(templateText).not.toMatch(/client_secret|CLIENT_SECRET|servicetitan/i);
  });
});
