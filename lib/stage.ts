import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct, IConstruct } from 'constructs';

/** The CDK context key that names the stage: `cdk deploy --all -c stage=prod`. */
export const STAGE_CONTEXT = 'stage';
/** The stage deployed when none is named. */
export const DEFAULT_STAGE = 'dev';

/**
 * Lower-case letters, digits and hyphens, starting with a letter: the stage goes into stack names,
 * the event bus and dashboard names and the metrics' `service` dimension, and the strictest of
 * them (stack names, 128 characters) leaves room for 20.
 */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/** The stage from a context value (the CLI's `-c stage=NAME`, or cdk.json), else DEFAULT_STAGE; throws on a name no stack could carry. */
export function stageFromContext(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_STAGE;
  const stage = String(value);
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`stage "${stage}" is not a stage name: 1 to 20 lower-case letters, digits or hyphens, starting with a letter`);
  }
  return stage;
}

export interface ServicePartStackProps extends StackProps {
  /** `<service>-<stage>`: prefixes the stack name and every physical name the service chooses. */
  readonly serviceName: string;
}

/**
 * One of the stacks a stage of the service deploys (lib/service.ts). Its CloudFormation name is
 * `<service>-<stage>-<part>`, so two stages coexist in one account and region; `serviceName` is
 * what the functions report as POWERTOOLS_SERVICE_NAME and the dashboard charts, the same in every
 * part of a stage.
 */
export class ServicePartStack extends Stack {
  public readonly serviceName: string;

  constructor(scope: Construct, id: string, props: ServicePartStackProps) {
    super(scope, id, { ...props, stackName: `${props.serviceName}-${id}` });
    this.serviceName = props.serviceName;
  }
}

/**
 * The service name a construct's physical names and metrics use: its part stack's `serviceName`,
 * or the stack's own name for a construct placed in a plain stack (tests of one construct).
 */
export function serviceNameOf(scope: IConstruct): string {
  const stack = Stack.of(scope);
  return stack instanceof ServicePartStack ? stack.serviceName : stack.stackName;
}
