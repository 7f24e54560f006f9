import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type CfnResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type IConstruct } from 'constructs';
import { compress, ENCODED_SUFFIX } from '#shared/http/static-assets';
import { ASSET_FOLDER, pageAssetsOf } from '#shared/pages/assets';
import { BUNDLE_ENTRY_FILE, buildFunctionBundleSync } from './function-bundle';
import { serviceNameOf } from './stage';

/**
 * CloudWatch namespace of the service's EMF metrics (shared/logging/metrics.ts); the `service`
 * dimension is the service name of the stage (`<service>-<stage>`), so two stages in one account keep
 * their figures apart.
 */
export const METRICS_NAMESPACE = 'LeadCallSchedulingService';

/** The repository root: functions/, tsconfig.json and node_modules live there. */
const PROJECT_ROOT = path.resolve(__dirname, '..');

export interface ServiceFunctionProps {
  /** Folder under `functionsRoot` holding `handler.ts`, which exports `handler`. */
  readonly functionName: string;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
  /** @default - none */
  readonly description?: string;
  /**
   * Extra environment variables (the house defaults NODE_OPTIONS, LOG_LEVEL, POWERTOOLS_SERVICE_NAME and
   * POWERTOOLS_METRICS_NAMESPACE can be overridden).
   * @default - none
   */
  readonly environment?: Readonly<Record<string, string>>;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** @default 'info' */
  readonly logLevel?: 'debug' | 'info' | 'warn' | 'error';
}

/**
 * A Lambda function with the house defaults: Node.js 22 on arm64, bundled locally by esbuild as
 * an ES module with code splitting (lib/function-bundle.ts: minified, with source maps, the AWS
 * SDK included so cold starts do not load the runtime's copy, code imported with `import()` in
 * chunks read on first use), an explicit log group with a retention, active X-Ray tracing,
 * Powertools' logger and metrics settings (service name: the stage's service name, lib/stage.ts; namespace
 * METRICS_NAMESPACE), and a role that may write
 * only to that log group (no AWSLambdaBasicExecutionRole, whose log permissions span every log
 * group in the account).
 *
 * Not NodejsFunction: it bundles to one `--outfile`, and code splitting needs an output folder.
 * The asset is bundled in-process with esbuild's API (no Docker), hashed by its output (bundledCode).
 *
 * Node.js 22 rather than 24: the code is developed and tested on Node 20/22 (the machines run Node 20,
 * `@middy/core` 6.x), and 22 is a supported LTS Lambda runtime; moving to 24 is a deliberate upgrade
 * once the suite runs on it.
 */
export class ServiceFunction extends Construct {
  public readonly function: LambdaFunction;
  public readonly role: Role;
  public readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const entry = path.join(props.functionsRoot ?? path.join(PROJECT_ROOT, 'functions'), props.functionName, 'handler.ts');

    this.logGroup = new LogGroup(this, 'LogGroup', { retention: props.logRetention ?? RetentionDays.ONE_MONTH });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${props.functionName} function`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    const bundle = bundledCode(this, entry, props.functionName);
    this.function = new LambdaFunction(this, 'Function', {
      code: bundle.code,
      handler: `${path.basename(BUNDLE_ENTRY_FILE, '.mjs')}.handler`,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      // Active tracing: Lambda samples and records each invocation's segment itself; the functions
      // do not load the X-Ray SDK (Powertools' Tracer, ~125 KB): docs/operations.md, Tracing.
      tracing: Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        LOG_LEVEL: props.logLevel ?? 'info',
        POWERTOOLS_SERVICE_NAME: serviceNameOf(this),
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        ...props.environment,
      },
    });

    bundle.release();
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords on *: these actions have no resource-level permissions (IAM service authorization reference).',
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is a supported LTS Lambda runtime chosen deliberately (see ServiceFunction); moving to 24 is a planned upgrade, not drift.',
    });
  }

  /** Sets an environment variable on the function. */
  public addEnvironment(name: string, value: string): void {
    this.function.addEnvironment(name, value);
  }
}

/**
 * The function's asset: its handler bundled by esbuild (lib/function-bundle.ts) into a temporary
 * folder, which `Code.fromAsset` stages into the cloud assembly, hashed by its content (the
 * output). The bundle is built here rather than through CDK's asset bundling, which prints a
 * "Bundling asset …" line per function on every synth and test run, with no option to keep quiet;
 * esbuild prints warnings and errors only. When a synth skips bundling (`aws:cdk:bundling-stacks`,
 * as most template tests do), nothing is built and the handler's folder stands in for the asset.
 * `release` removes the temporary folder once the function has staged its asset.
 */
function bundledCode(scope: Construct, entry: string, functionName: string): { code: Code; release: () => void } {
  if (!Stack.of(scope).bundlingRequired) return { code: Code.fromAsset(path.dirname(entry)), release: () => {} };
  const outdir = mkdtempSync(path.join(tmpdir(), 'service-function-'));
  buildFunctionBundleSync(PROJECT_ROOT, entry, outdir);
  stagePageAssets(outdir, functionName);
  return { code: Code.fromAsset(outdir), release: () => rmSync(outdir, { recursive: true, force: true }) };
}

/**
 * A page function's files (shared/pages/assets.ts) go beside its bundle, in `assets/`, not inside
 * its JavaScript: the handler reads only the one asked for. Each gets a brotli and a gzip copy, made
 * here once rather than per request (shared/http/static-assets.ts reads them).
 */
export function stagePageAssets(outdir: string, functionName: string): void {
  const assets = pageAssetsOf(functionName);
  if (assets.length === 0) return;
  const folder = path.join(outdir, ASSET_FOLDER);
  mkdirSync(folder, { recursive: true });
  for (const asset of assets) {
    const target = path.join(folder, asset.file);
    copyFileSync(path.join(PROJECT_ROOT, asset.source), target);
    const bytes = readFileSync(target);
    for (const encoding of ['br', 'gzip'] as const) writeFileSync(`${target}${ENCODED_SUFFIX[encoding]}`, compress(bytes, encoding));
  }
}

/** What a function may do with a table: `read` (queries and gets) or `readwrite` (writes too, no table management). */
export type TableAccess = 'read' | 'readwrite';

/**
 * Gives a function a table in one call: the environment variable that carries the physical table
 * name and the matching IAM grant, so the two can never drift apart. `read` grants only read data
 * actions; `readwrite` adds item writes. Neither grants table management.
 */
export function bindTable(fn: ServiceFunction, table: ITable, access: TableAccess, envName: string): void {
  fn.addEnvironment(envName, table.tableName);
  if (access === 'read') {
    table.grantReadData(fn.function);
  } else {
    table.grantReadWriteData(fn.function);
  }
  // Grants cover the table's indexes as `<table arn>/index/*`: acknowledge exactly that wildcard.
  const tableArn = nagReference(fn, table, table.tableArn);
  if (tableArn !== undefined) {
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
      reason: `Queries on the indexes of the ${envName} table; the wildcard covers only that table's own indexes, which the grant names together.`,
    });
  }
}

/**
 * How cdk-nag writes a table's (or a bucket's) ARN in a finding of the consumer's policy: `<LogicalId.Arn>` in the
 * table's own stack; from another stack, the name of the export the ARN is imported by (the export
 * CDK makes for the reference anyway: `exportValue` returns the same one).
 */
export function nagReference(consumer: Construct, table: IConstruct, tableArn: string): string | undefined {
  const cfnTable = table.node.defaultChild as CfnResource | undefined;
  if (!cfnTable) return undefined;
  const producer = Stack.of(table);
  if (producer === Stack.of(consumer)) return `<${producer.resolve(cfnTable.logicalId) as string}.Arn>`;
  const imported = Stack.of(consumer).resolve(producer.exportValue(tableArn)) as { 'Fn::ImportValue'?: unknown };
  return typeof imported['Fn::ImportValue'] === 'string' ? imported['Fn::ImportValue'] : undefined;
}

/**
 * Lets a function read a secret at run time, in one call: the environment variable `envName` holds
 * the secret's id (its full ARN, or its name when only the name is known), never its value, and
 * the role may read that secret and nothing else. The function reads the value through
 * shared/adapters/runtime/secrets.ts (`secretReader(envName)`), cached for five minutes, so a put
 * or rotated secret reaches warm functions without a redeployment. A `{{resolve:secretsmanager}}`
 * environment value would instead be written in plain text into the function's configuration.
 */
export function bindSecret(fn: ServiceFunction, secret: ISecret, envName: string): void {
  fn.addEnvironment(envName, secret.secretFullArn ?? secret.secretName);
  secret.grantRead(fn.function);
  if (secret.secretFullArn === undefined) {
    // A secret known by name only: its ARN ends in a random six-character suffix, which the grant matches with `-??????`.
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${secret.secretName}-??????]`,
      reason: `The secret ${secret.secretName} is named by the operator; Secrets Manager appends six random characters to its ARN, which the grant can only match by pattern.`,
    });
  }
}

/**
 * Gives a function a counter table (the rate limits): its name and exactly the two item actions
 * the limiter uses, UpdateItem (the conditional ADD) and GetItem (the usage fold); nothing else of
 * the table, so a read route's function can count its requests and still write nothing it serves.
 */
export function bindCounterTable(fn: ServiceFunction, table: ITable, envName: string): void {
  fn.addEnvironment(envName, table.tableName);
  table.grant(fn.function, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
}
