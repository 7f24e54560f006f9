import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_BUCKET_ENV } from '#shared/adapters/runtime/resource-env';
import { EXPORT_RETENTION_DAYS } from '#shared/domain/exports/export-job';
import { nagReference, type ServiceFunction } from './service-function';

/**
 * The bucket of export files (docs/exports.md): private (every public access blocked, bucket
 * owner enforced, TLS only), encrypted with S3-managed keys, each file removed EXPORT_RETENTION_DAYS
 * after it was written and an upload never completed removed after a day. The export worker
 * writes its files (multipart upload); the export status route reads them only to presign the
 * 15-minute GET it hands out. Files are copies of table rows: the bucket goes with the stack.
 */
export class ExportFilesBucket extends Construct {
  public readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      // Like the tables: data outlives deployments; the lifecycle rule empties it within 7 days.
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        { id: 'expire-exports', expiration: Duration.days(EXPORT_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Export files live 7 days and every request for one is in the audit log (export.requested) and the API access log.',
    });
  }

  /** The worker: writes files (multipart upload; GetObject for HeadObject on an upload an earlier delivery completed). */
  public bindWriter(fn: ServiceFunction): void {
    this.bind(fn, ['s3:PutObject', 's3:AbortMultipartUpload', 's3:GetObject']);
  }

  /** The status route: presigns GETs, which act with its role. */
  public bindReader(fn: ServiceFunction): void {
    this.bind(fn, ['s3:GetObject']);
  }

  /** The deletion worker: removes the files of exports that may name a person deleted on request. */
  public bindRemover(fn: ServiceFunction): void {
    this.bind(fn, ['s3:DeleteObject']);
  }

  /** Exactly these actions on the export files (`exports/*`) and nothing else of the bucket. */
  private bind(fn: ServiceFunction, actions: string[]): void {
    fn.addEnvironment(EXPORT_BUCKET_ENV, this.bucket.bucketName);
    fn.function.addToRolePolicy(new PolicyStatement({ actions, resources: [this.bucket.arnForObjects('exports/*')] }));
    const bucketArn = nagReference(fn, this.bucket, this.bucket.bucketArn);
    if (bucketArn !== undefined) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/exports/*]`,
        reason: 'Each export is its own object under exports/ (named by its id); the wildcard covers the export files of this bucket only.',
      });
    }
  }
}
