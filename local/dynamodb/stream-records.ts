import { randomBytes } from 'node:crypto';
import { type AttributeMap, dynalite, type ItemWrite, type TableDescription } from './dynalite-internals';

/**
 * What DynamoDB Streams writes for one item change, built as DynamoDB builds it: INSERT when the
 * item was absent, REMOVE when it is gone, MODIFY when it changed, and **nothing** when a write
 * left the item as it was (a PutItem of the same item, an UpdateItem that sets what is there, a
 * DeleteItem of an absent item): "If you perform a PutItem or UpdateItem operation that does not
 * change any data in an item, DynamoDB Streams does not write a stream record for that operation."
 * The images are those the stream's view type keeps; SizeBytes is the DynamoDB size of the keys
 * and images the record carries (it reproduces the figures of AWS's sample events: 26, 59, 38).
 */

export const STREAM_VIEW_TYPES = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const;
export type StreamViewType = (typeof STREAM_VIEW_TYPES)[number];

/** A stream record as GetRecords answers it (a Lambda event's record adds `eventSourceARN`). */
export interface StreamRecordBody {
  readonly eventID: string;
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  readonly eventVersion: '1.1';
  readonly eventSource: 'aws:dynamodb';
  readonly awsRegion: string;
  readonly dynamodb: {
    /** Epoch seconds, rounded down. */
    readonly ApproximateCreationDateTime: number;
    readonly Keys: AttributeMap;
    readonly NewImage?: AttributeMap;
    readonly OldImage?: AttributeMap;
    readonly SequenceNumber: string;
    readonly SizeBytes: number;
    readonly StreamViewType: StreamViewType;
  };
}

/** A table's latest stream (enabled or not), as DescribeTable names it. */
export interface StreamIdentity {
  readonly tableName: string;
  readonly streamArn: string;
  readonly label: string;
  /** The LevelDB key prefix of its records: `stream-<table>@<label>`. */
  readonly prefix: string;
  readonly region: string;
  readonly enabled: boolean;
  readonly viewType: StreamViewType;
  readonly keyAttributes: readonly string[];
}

/** The label of a stream created at `ms`: its creation instant, as DynamoDB writes labels (`2026-01-05T10:00:00.000`). */
export function streamLabel(ms: number): string {
  return new Date(ms).toISOString().slice(0, -1);
}

export function streamIdentity(table: TableDescription): StreamIdentity | null {
  const { LatestStreamLabel: label, LatestStreamArn: streamArn } = table;
  if (!label || !streamArn) return null;
  const viewType = table.StreamSpecification?.StreamViewType ?? 'NEW_AND_OLD_IMAGES';
  return {
    tableName: table.TableName,
    streamArn,
    label,
    prefix: `stream-${table.TableName}@${label}`,
    region: table.TableArn.split(':')[3] ?? 'local',
    enabled: table.StreamSpecification?.StreamEnabled === true,
    viewType: (STREAM_VIEW_TYPES as readonly string[]).includes(viewType) ? (viewType as StreamViewType) : 'NEW_AND_OLD_IMAGES',
    keyAttributes: table.KeySchema.map((k) => k.AttributeName),
  };
}

/** Sequence numbers are 21-digit decimal strings (DynamoDB's are 21 to 40 digits), so text order is numeric order. */
export const SEQUENCE_DIGITS = 21;

export function formatSequence(n: bigint): string {
  return n.toString().padStart(SEQUENCE_DIGITS, '0');
}

/** The stream record of one item write, or null when the write changed nothing. */
export function streamRecord(stream: StreamIdentity, write: ItemWrite, sequence: bigint, nowMs: number): StreamRecordBody | null {
  const { oldItem, newItem } = write;
  const eventName = !oldItem ? (newItem ? 'INSERT' : null) : !newItem ? 'REMOVE' : sameItem(oldItem, newItem) ? null : 'MODIFY';
  if (!eventName) return null;
  const source = (newItem ?? oldItem) as AttributeMap;
  const Keys: AttributeMap = {};
  for (const name of stream.keyAttributes) if (source[name]) Keys[name] = source[name];
  const keepNew = stream.viewType === 'NEW_IMAGE' || stream.viewType === 'NEW_AND_OLD_IMAGES';
  const keepOld = stream.viewType === 'OLD_IMAGE' || stream.viewType === 'NEW_AND_OLD_IMAGES';
  const NewImage = keepNew && newItem ? newItem : undefined;
  const OldImage = keepOld && oldItem ? oldItem : undefined;
  const { itemSize } = dynalite().db;
  return {
    eventID: randomBytes(16).toString('hex'),
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: stream.region,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(nowMs / 1000),
      Keys,
      ...(NewImage ? { NewImage } : {}),
      ...(OldImage ? { OldImage } : {}),
      SequenceNumber: formatSequence(sequence),
      SizeBytes: itemSize(Keys) + (NewImage ? itemSize(NewImage) : 0) + (OldImage ? itemSize(OldImage) : 0),
      StreamViewType: stream.viewType,
    },
  };
}

/** Whether two items hold the same data as DynamoDB compares it: sets unordered, numbers by value. */
export function sameItem(a: AttributeMap, b: AttributeMap): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => b[name] !== undefined && sameValue(a[name] as Record<string, unknown>, b[name] as Record<string, unknown>));
}

function sameValue(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const [type] = Object.keys(a);
  if (!type || Object.keys(b)[0] !== type) return false;
  const x = a[type];
  const y = b[type];
  switch (type) {
    case 'N':
      return canonicalNumber(String(x)) === canonicalNumber(String(y));
    case 'SS':
    case 'BS':
      return sameSet(x as string[], y as string[], (v) => v);
    case 'NS':
      return sameSet(x as string[], y as string[], canonicalNumber);
    case 'L': {
      const l = x as Record<string, unknown>[];
      const m = y as Record<string, unknown>[];
      return l.length === m.length && l.every((v, i) => sameValue(v, m[i] as Record<string, unknown>));
    }
    case 'M':
      return sameItem(x as AttributeMap, y as AttributeMap);
    default:
      return x === y;
  }
}

function sameSet(a: readonly string[], b: readonly string[], canonical: (v: string) => string): boolean {
  if (a.length !== b.length) return false;
  const values = new Set(a.map(canonical));
  return b.every((v) => values.has(canonical(v)));
}

/** A DynamoDB number in one spelling: `1`, `1.0`, `01` and `1e0` are the same number. */
function canonicalNumber(text: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const all = `${whole}${fraction}`;
  const lead = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(lead).replace(/0+$/, '');
  if (digits === '') return '0';
  // The value is 0.<digits> × 10^point.
  const point = whole.length + Number(exponent) - lead;
  return `${sign === '-' ? '-' : ''}0.${digits}e${point}`;
}
