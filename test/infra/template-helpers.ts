import { type CfnElement, Stack, Stage } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { Service } from '../../lib/service';
import type { ServiceFunction } from '../../lib/service-function';

/** A CloudFormation resource as it appears in a synthesized template. */
export interface CfnResourceJson {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string[];
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export type Resources = Record<string, CfnResourceJson>;

export interface CfnOutputJson {
  readonly Value: unknown;
  readonly Description?: string;
  readonly Export?: { readonly Name: unknown };
}

/** A synthesized CloudFormation template, as far as the tests read it. */
export interface TemplateJson {
  readonly Resources: Resources;
  readonly Outputs?: Record<string, CfnOutputJson>;
}

/** The stacks of a service, by their CloudFormation names, as synthesized (the app is synthesized once and cached). */
export function serviceTemplates(service: Service): Map<string, TemplateJson> {
  const stage = Stage.of(service);
  if (!stage) throw new Error('the service is not in an app');
  const assembly = stage.synth();
  const templates = new Map<string, TemplateJson>();
  for (const child of service.node.children) {
    if (child instanceof Stack) templates.set(child.stackName, assembly.getStackArtifact(child.artifactId).template as TemplateJson);
  }
  return templates;
}

/**
 * Every stack of the service merged into one template, as if it were one stack: each
 * `Fn::ImportValue` of another stack's export is replaced by the value that stack exports (a
 * `Ref` or `Fn::GetAtt` of its resource), so an assertion that follows a reference from a role to a
 * table reads the same across stacks as within one. Logical ids are unique per stack; a clash
 * between stacks throws rather than hide a resource. The exports themselves are left out of Outputs.
 */
export function serviceTemplate(service: Service): TemplateJson {
  const templates = [...serviceTemplates(service).values()];
  const exported = new Map<string, unknown>();
  for (const template of templates) {
    for (const output of Object.values(template.Outputs ?? {})) {
      if (typeof output.Export?.Name === 'string') exported.set(output.Export.Name, output.Value);
    }
  }
  const link = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(link);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node);
    const [first] = entries;
    if (entries.length === 1 && first?.[0] === 'Fn::ImportValue' && typeof first[1] === 'string') {
      const value = exported.get(first[1]);
      if (value === undefined) throw new Error(`no stack of the service exports ${first[1]}`);
      return value;
    }
    return Object.fromEntries(entries.map(([key, value]) => [key, link(value)]));
  };
  const resources: Record<string, CfnResourceJson> = {};
  const outputs: Record<string, CfnOutputJson> = {};
  for (const template of templates) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type === 'AWS::CDK::Metadata') continue;
      if (resources[id]) throw new Error(`two stacks of the service hold a resource ${id}`);
      resources[id] = link(resource) as CfnResourceJson;
    }
    for (const [key, output] of Object.entries(template.Outputs ?? {})) {
      if (output.Export !== undefined) continue;
      if (outputs[key]) throw new Error(`two stacks of the service publish an output ${key}`);
      outputs[key] = link(output) as CfnOutputJson;
    }
  }
  return { Resources: resources, Outputs: outputs };
}

export interface PolicyStatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

/** The logical id CloudFormation knows a construct's default resource by. */
export function logicalIdOf(construct: IConstruct): string {
  const child = construct.node.defaultChild as CfnElement | undefined;
  if (!child) throw new Error(`${construct.node.path} has no default CloudFormation resource`);
  return Stack.of(construct).resolve(child.logicalId) as string;
}

export function resourceOf(resources: Resources, logicalId: string): CfnResourceJson {
  const resource = resources[logicalId];
  if (!resource) throw new Error(`no resource ${logicalId} in the template`);
  return resource;
}

export function ofType(resources: Resources, type: string): [string, CfnResourceJson][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** Every `Fn::GetAtt` / `Ref` target named anywhere inside a value. */
export function referencedLogicalIds(value: unknown): Set<string> {
  const ids = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key === 'Ref' && typeof child === 'string') ids.add(child);
        else if (key === 'Fn::GetAtt' && Array.isArray(child) && typeof child[0] === 'string') ids.add(child[0]);
        else visit(child);
      }
    }
  };
  visit(value);
  return ids;
}

/** The full path ("/api/v1/teams/{teamId}/sessions") of every API Gateway resource, by logical id. */
export function apiResourcePaths(resources: Resources): Map<string, string> {
  const parents = new Map<string, { parent: unknown; pathPart: string }>();
  for (const [id, resource] of ofType(resources, 'AWS::ApiGateway::Resource')) {
    parents.set(id, { parent: resource.Properties?.ParentId, pathPart: String(resource.Properties?.PathPart) });
  }
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const entry = parents.get(id);
    if (!entry) throw new Error(`unknown API resource ${id}`);
    const parentRef = (entry.parent as { Ref?: string } | undefined)?.Ref;
    const path = `${parentRef ? pathOf(parentRef) : ''}/${entry.pathPart}`;
    paths.set(id, path);
    return path;
  };
  for (const id of parents.keys()) pathOf(id);
  return paths;
}

/** The method serving `httpMethod path` on a REST API, found by walking the resource tree of the template. */
export function findMethod(resources: Resources, restApiId: string, httpMethod: string, path: string): CfnResourceJson | undefined {
  const paths = apiResourcePaths(resources);
  return ofType(resources, 'AWS::ApiGateway::Method')
    .map(([, method]) => method)
    .find((method) => {
      const props = method.Properties ?? {};
      if ((props.RestApiId as { Ref?: string } | undefined)?.Ref !== restApiId || props.HttpMethod !== httpMethod) return false;
      const resourceRef = (props.ResourceId as { Ref?: string } | undefined)?.Ref;
      return (resourceRef ? paths.get(resourceRef) : '/') === path;
    });
}

/** Every statement of every policy attached to a role. */
export function roleStatements(resources: Resources, roleLogicalId: string): PolicyStatementJson[] {
  const statements: PolicyStatementJson[] = [];
  const role = resourceOf(resources, roleLogicalId);
  for (const inline of (role.Properties?.Policies as { PolicyDocument: { Statement: PolicyStatementJson[] } }[] | undefined) ?? []) {
    statements.push(...inline.PolicyDocument.Statement);
  }
  for (const [, policy] of ofType(resources, 'AWS::IAM::Policy')) {
    const roles = (policy.Properties?.Roles as { Ref?: string }[] | undefined) ?? [];
    if (!roles.some((r) => r.Ref === roleLogicalId)) continue;
    const document = policy.Properties?.PolicyDocument as { Statement: PolicyStatementJson[] };
    statements.push(...document.Statement);
  }
  return statements;
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Every function of the service by its folder under functions/: the authorizer, each API's route functions, the workers, the stream consumers. */
export function serviceFunctions(stack: Service): Map<string, ServiceFunction> {
  const functions = new Map<string, ServiceFunction>();
  const add = (name: string, fn: ServiceFunction) => {
    if (functions.has(name)) throw new Error(`two functions of the stack run functions/${name}`);
    functions.set(name, fn);
  };
  add('authorizer', stack.authorizer);
  for (const api of Object.values(stack.apis)) for (const [name, fn] of api?.functions ?? []) add(name, fn);
  for (const [name, fn] of stack.workers.functions) add(name, fn);
  for (const [name, consumer] of stack.streamConsumers.consumers) add(name, consumer.function);
  return functions;
}

/** The environment variables of a function as the template sets them (values may be intrinsic functions). */
export function environmentOf(resources: Resources, fn: ServiceFunction): Record<string, unknown> {
  const environment = resourceOf(resources, logicalIdOf(fn.function)).Properties?.Environment as
    | { Variables?: Record<string, unknown> }
    | undefined;
  return environment?.Variables ?? {};
}

/** The secrets (by logical id) a function's role may read the value of. */
export function secretsReadBy(resources: Resources, fn: ServiceFunction): Set<string> {
  const reads = roleStatements(resources, logicalIdOf(fn.role)).filter((statement) =>
    actionsOf(statement).includes('secretsmanager:GetSecretValue'),
  );
  return new Set(reads.flatMap((statement) => [...referencedLogicalIds(statement.Resource)]));
}
