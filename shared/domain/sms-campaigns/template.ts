/**
 * Merge variables in single braces: `{name}` and `{<custom_field_key>}`, where the key is a letter
 * or underscore followed by letters, digits or underscores. Anything else in braces (`{ 50% off }`,
 * `{}`) is plain text and left alone. `{{` and `}}` write a literal brace, so `{{name}}` sends
 * "{name}" unreplaced.
 */
const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(TOKEN)) if (match[1]) names.add(match[1]);
  return [...names];
}

/**
 * A recipient's value of a variable: own members only, so `{constructor}` or `{toString}` is a
 * missing variable (like any unknown name) unless the recipient has a custom field by that name.
 */
export function variableValue(values: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (!Object.hasOwn(values, name)) return undefined;
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Variables the recipient lacks (missing or blank). */
export function missingVariables(template: string, values: Readonly<Record<string, string | undefined>>): string[] {
  return templateVariables(template).filter((v) => (variableValue(values, v) ?? '').trim() === '');
}

/** Renders the template; every variable must be present (check with missingVariables first). */
export function renderTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(TOKEN, (token, name: string | undefined) => {
    if (token === '{{') return '{';
    if (token === '}}') return '}';
    return (name !== undefined ? variableValue(values, name) : undefined) ?? token;
  });
}

export const OPT_OUT_LINE = 'Reply STOP to opt out.';
const HAS_OPT_OUT = /\b(reply|text|send)\s+stop\b|\bstop\s+to\s+(opt[\s-]?out|unsubscribe|end|cancel|quit)\b|\bopt[\s-]?out\b/i;

/** Appends the opt-out line unless the text already tells how to opt out. */
export function withOptOut(text: string): string {
  return HAS_OPT_OUT.test(text) ? text : `${text}\n${OPT_OUT_LINE}`;
}
