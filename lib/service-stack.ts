import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { tableNameEnvVar } from '../shared/adapters/dynamodb/tables';
import { ROUTES, type RouteDefinition, type Surface, type TableName } from '../shared/routes';
import { SurfaceApi } from './api';
import { ApiGatewayAccount } from './api-gateway-account';
import { CursorSecret } from './cursor-secret';
import { DataTables } from './data-tables';
import { pascalCase } from './naming';
import { bindTable, ServiceFunction } from './service-function';

/** The surfaces in a fixed order, so construct ids and outputs do not move when routes are added. */
const SURFACES: readonly Surface[] = ['read', 'platform', 'intake'];
/** Surfaces whose list endpoints issue signed cursors. */
const CURSOR_SURFACES: ReadonlySet<Surface> = new Set<Surface>(['read']);

export interface ServiceStackProps extends StackProps {
  /**
   * The route table.
   * @default ROUTES from shared/routes.ts
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Whether this stack sets the account's API Gateway CloudWatch role (a per-region singleton that
   * stage logging needs). Turn off where the account baseline already sets it.
   * @default true
   */
  readonly manageApiGatewayAccount?: boolean;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
}

/**
 * The deployable service: the tables, the cursor key, the shared authorizer, and one REST API per
 * surface that has routes. Everything about routes comes from the route table; this class only
 * wires the constructs together and publishes what the operator CLI needs as outputs.
 */
export class ServiceStack extends Stack {
  public readonly data: DataTables;
  public readonly cursorSecret: CursorSecret;
  public readonly authorizer: ServiceFunction;
  /** The REST APIs, by surface; a surface without routes has no API (API Gateway refuses an API without methods). */
  public readonly apis: Readonly<Partial<Record<Surface, SurfaceApi>>>;

  constructor(scope: Construct, id: string, props: ServiceStackProps = {}) {
    super(scope, id, props);
    const routes = props.routes ?? ROUTES;

    this.data = new DataTables(this, 'Data');
    this.cursorSecret = new CursorSecret(this, 'CursorSecret');

    this.authorizer = new ServiceFunction(this, 'Authorizer', {
      functionName: 'authorizer',
      functionsRoot: props.functionsRoot,
      description: 'REQUEST authorizer shared by the REST APIs: API key → policy and identity context',
    });
    // Reads keys and records lastUsedAt (UpdateItem), hence readwrite.
    bindTable(this.authorizer, this.data.tables.teams, 'readwrite', tableNameEnvVar('teams'));

    const account = (props.manageApiGatewayAccount ?? true) ? new ApiGatewayAccount(this, 'ApiGatewayAccount') : undefined;

    const apis: Partial<Record<Surface, SurfaceApi>> = {};
    for (const surface of SURFACES) {
      const surfaceRoutes = routes.filter((route) => route.surface === surface);
      if (surfaceRoutes.length === 0) continue;
      const api = new SurfaceApi(this, `${pascalCase(surface)}Api`, {
        surface,
        routes: surfaceRoutes,
        authorizerFunction: this.authorizer.function,
        tables: this.data.tables,
        cursorSecret: CURSOR_SURFACES.has(surface) ? this.cursorSecret : undefined,
        functionsRoot: props.functionsRoot,
      });
      if (account) api.api.deploymentStage.node.addDependency(account.account);
      new CfnOutput(this, `${pascalCase(surface)}ApiUrl`, {
        description: `Base URL of the ${surface} API (stage included)`,
        value: api.api.url,
      });
      apis[surface] = api;
    }
    this.apis = apis;

    for (const name of Object.keys(this.data.tables) as TableName[]) {
      new CfnOutput(this, `${pascalCase(name)}TableName`, {
        description: `Physical name of the ${name} table (the functions' ${tableNameEnvVar(name)})`,
        value: this.data.tables[name].tableName,
      });
    }
  }
}
