import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { UsageError } from './errors';

/** Parsed flag values, keyed by flag name without the dashes. */
export type Values = Record<string, string | boolean | string[] | undefined>;

/*
 * Each reader takes the flag as the operator typed it (`--team`), so every refusal names it; a
 * refusal is a UsageError (exit code 1).
 */

export function optionalString(values: Values, flag: string): string | null {
  const value = values[flag.slice(2)];
  if (typeof value !== 'string') return null;
  return value;
}

export function requiredString(values: Values, flag: string): string {
  const value = optionalString(values, flag);
  if (value === null || value.trim() === '') throw new UsageError(`${flag} is required`, flag);
  return value.trim();
}

export function requiredName(values: Values, flag: string): string {
  const name = requiredString(values, flag);
  if (name.length > 100) throw new UsageError(`${flag} must be at most 100 characters`, flag);
  return name;
}

export function optionalId(values: Values, flag: string): number | null {
  const raw = optionalString(values, flag);
  if (raw === null) return null;
  if (!/^[1-9][0-9]{0,9}$/.test(raw.trim())) throw new UsageError(`${flag} must be a positive integer id; got '${raw}'`, flag);
  return Number(raw.trim());
}

export function requiredId(values: Values, flag: string): number {
  const id = optionalId(values, flag);
  if (id === null) throw new UsageError(`${flag} is required`, flag);
  return id;
}

export function optionalInteger(values: Values, flag: string): number | null {
  const raw = optionalString(values, flag);
  if (raw === null) return null;
  if (!/^-?[0-9]{1,9}$/.test(raw.trim())) throw new UsageError(`${flag} must be a whole number; got '${raw}'`, flag);
  return Number(raw.trim());
}

export function requiredInteger(values: Values, flag: string): number {
  const value = optionalInteger(values, flag);
  if (value === null) throw new UsageError(`${flag} is required`, flag);
  return value;
}

/** `--region`, upper-cased: a region numbers without +country are read in, so it must have a numbering plan. */
export function phoneRegion(values: Values): string {
  const region = requiredString(values, '--region').toUpperCase();
  if (!/^[A-Z]{2}$/.test(region) || !isSupportedCountry(region)) {
    throw new UsageError(
      `--region must be a two-letter ISO 3166 region with a phone numbering plan, such as US or CA; got '${region}'`,
      '--region',
    );
  }
  return region;
}

/** The JSON document of the file a flag names (`--file config.json`); unreadable or not JSON: a UsageError naming the flag. */
export function jsonFileFlag(values: Values, flag: string): { file: string; value: unknown } {
  const file = requiredString(values, flag);
  let text: string;
  try {
    text = readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, flag);
  }
  try {
    return { file, value: JSON.parse(text) };
  } catch (error) {
    throw new UsageError(`${flag} ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, flag);
  }
}
