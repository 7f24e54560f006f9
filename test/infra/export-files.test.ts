import { App } from 'aws-cdk-lib';
import { EXPORT_BUCKET_ENV } from '#shared/adapters/runtime/resource-env';
import { Service } from '../../lib/service';
import {
  actionsOf,
  environmentOf,
  logicalIdOf,
  ofType,
  type Resources,
  roleStatements,
  serviceFunctions,
  serviceTemplate,
} from './template-helpers';

/** The export bucket: private, encrypted, files removed after 7 days; the worker writes, the status route only reads. */
let stack: Service;
let resources: Resources;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new Service(app, 'LeadCallSchedulingService', {
    voiceProvider: { baseUrl: 'https://voice.example.test', assistantId: 'a', phoneNumberId: 'p' },
    smsOriginationIdentity: 'pool-1',
  });
  resources = serviceTemplate(stack).Resources;
});

const bucket = () => {
  const buckets = ofType(resources, 'AWS::S3::Bucket');
  expect(buckets).toHaveLength(1);
  const [entry] = buckets;
  if (!entry) throw new Error('no bucket');
  return entry;
};

const s3Actions = (name: string) => {
  const fn = serviceFunctions(stack).get(name);
  if (!fn) throw new Error(`no function ${name}`);
  return roleStatements(resources, logicalIdOf(fn.role))
    .flatMap(actionsOf)
    .filter((action) => action.startsWith('s3:'));
};

describe('the export bucket', () => {
  it('blocks public access, encrypts at rest, and removes files after 7 days and unfinished uploads after 1', () => {
    const [, { Properties }] = bucket();
    expect(Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(Properties?.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(Properties?.LifecycleConfiguration).toEqual({
      Rules: [
        expect.objectContaining({ ExpirationInDays: 7, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      ],
    });
  });

  it('refuses plain HTTP', () => {
    const [id] = bucket();
    const policies = ofType(resources, 'AWS::S3::BucketPolicy').filter(([, p]) => JSON.stringify(p.Properties?.Bucket).includes(id));
    expect(JSON.stringify(policies)).toContain('aws:SecureTransport');
  });

  it('lets the worker write files and the status route only read them, each told the bucket', () => {
    expect(s3Actions('export-worker').sort()).toEqual(['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject']);
    expect(s3Actions('get-export')).toEqual(['s3:GetObject']);
    expect(s3Actions('create-export')).toEqual([]);
    for (const name of ['export-worker', 'get-export']) {
      const fn = serviceFunctions(stack).get(name);
      if (!fn) throw new Error(`no function ${name}`);
      expect(environmentOf(resources, fn)[EXPORT_BUCKET_ENV]).toBeDefined();
    }
  });
});
