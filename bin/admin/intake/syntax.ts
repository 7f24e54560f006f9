import { TARGET_FIELDS, type TargetField } from '#shared/domain/intake/field-mapping';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import { pathProblem } from '#shared/domain/intake/payload-path';
import { UsageError } from '../errors';

/*
 * The compact syntaxes of the intake flags: target fields, payload paths, lists and routing rules.
 * Each refusal quotes what was typed, since one flag value may hold several entries.
 */

export function targetField(text: string): TargetField {
  const wanted = text.trim();
  if (!(TARGET_FIELDS as readonly string[]).includes(wanted)) {
    throw new UsageError(`--target must be one of ${TARGET_FIELDS.join(', ')}; got '${text}'`, '--target');
  }
  return wanted as TargetField;
}

/** A comma list of payload paths (commas inside [..] belong to the path); each must parse. */
export function payloadPaths(text: string, flag: string): string[] {
  const paths = splitOutsideBrackets(text, ',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (paths.length === 0) throw new UsageError(`${flag} must name at least one payload path`, flag);
  const seen = new Set<string>();
  for (const p of paths) {
    const problem = pathProblem(p);
    if (problem !== null) {
      throw new UsageError(
        `${flag}: "${p}" is not a payload path such as phone, contact.phone, phones[0].number or items[name=phone].value: it ${problem}`,
        flag,
      );
    }
    if (seen.has(p)) throw new UsageError(`${flag} names "${p}" twice`, flag);
    seen.add(p);
  }
  return paths;
}

export function plainList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Splits at `separator` where it is not inside [..] or a quoted string. */
function splitOutsideBrackets(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `FIELD=VALUE[,VALUE...]->TEAM_ID`, e.g. `brand=summit plumbing,summit->7`. */
export function parseRule(text: string, index: number): IntakeConfig['routing']['rules'][number] {
  const fail = (why: string) => new UsageError(`--rule ${index + 1} "${text}": ${why}`, '--rule');
  const shape = 'expected FIELD=VALUE[,VALUE...]->TEAM_ID, e.g. "brand=summit hvac->2"';
  const arrow = text.lastIndexOf('->');
  if (arrow < 0) throw fail(shape);
  const teamText = text.slice(arrow + 2).trim();
  if (!/^[1-9][0-9]{0,9}$/.test(teamText)) throw fail(`"${teamText}" after -> is not a team id`);
  const left = text.slice(0, arrow);
  const [fieldPart, ...valueParts] = splitOutsideBrackets(left, '=');
  if (fieldPart === undefined || valueParts.length === 0) throw fail(shape);
  const field = fieldPart.trim();
  const problem = pathProblem(field);
  if (problem !== null) throw fail(`"${field}" is not a payload path such as brand or lead.brand: it ${problem}`);
  const equals = plainList(valueParts.join('='));
  if (equals.length === 0) throw fail('give at least one value after =');
  return { field, equals, team_id: Number(teamText) };
}
