import type { FieldMapping, TargetField } from './field-mapping';

/** A lead source's preset (presets.ts lists them): a field mapping tested against the source's payload. */
export interface IntakePreset {
  readonly name: string;
  readonly title: string;
  /** What the source sends and how it is read. */
  readonly description: string;
  /** The provider's documentation of the payload. */
  readonly documentation: string;
  readonly mapping: FieldMapping;
}

/** A preset's mapping of target fields to payload paths. */
export type Fields = Partial<Record<TargetField, readonly string[]>>;

/** The presets' names (presets.ts), which the ingest route's `preset` query member takes. */
export const PRESET_NAMES = ['google-ads-lead-form', 'meta-lead-ads', 'google-lsa', 'gohighlevel', 'zapier'] as const;
