import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLES, type TableDefinition } from '#shared/adapters/dynamodb/tables';
import type { TableName } from '#shared/routes';
import { pascalCase } from './naming';

export interface DataTablesProps {
  /**
   * Table definitions to create, keyed by logical table name. The same definitions create the
   * local emulator's tables, so keys and indexes cannot differ between the two.
   * @default TABLES from shared/adapters/dynamodb/tables.ts
   */
  readonly definitions?: Readonly<Record<TableName, TableDefinition>>;
  /**
   * What happens to the tables when they leave the stack. Data outlives deployments by default.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * One DynamoDB table per definition: on-demand billing, point-in-time recovery, encryption at rest
 * with the AWS-managed key, every global secondary index projecting all attributes (the
 * repositories read whole items from indexes), TTL where the definition names an attribute, and a stream where it declares one. Physical names are left to CloudFormation; the
 * functions learn them from `TABLE_<NAME>` environment variables (see `bindTable`).
 */
export class DataTables extends Construct {
  /** The tables, by logical table name. */
  public readonly tables: Readonly<Record<TableName, Table>>;

  constructor(scope: Construct, id: string, props: DataTablesProps = {}) {
    super(scope, id);
    const definitions = props.definitions ?? TABLES;
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    const tables = {} as Record<TableName, Table>;
    for (const definition of Object.values(definitions)) {
      tables[definition.name] = this.createTable(definition, removalPolicy);
    }
    this.tables = tables;
  }

  private createTable(definition: TableDefinition, removalPolicy: RemovalPolicy): Table {
    const table = new Table(this, pascalCase(definition.name), {
      partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
      sortKey: definition.sortKey === undefined ? undefined : { name: definition.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: definition.timeToLiveAttribute,
      stream: definition.stream === 'NEW_AND_OLD_IMAGES' ? StreamViewType.NEW_AND_OLD_IMAGES : undefined,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy,
    });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }
}
