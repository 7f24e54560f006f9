/** The presets' names (presets.ts), which the ingest route's `preset` query member takes. */
export const PRESET_NAMES = ['google-ads-lead-form', 'meta-lead-ads', 'google-lsa', 'gohighlevel', 'zapier'] as const;
