import type * as z from 'zod';
import { BadRequestError } from '../errors';

/** Formats the first zod issue as a message that names the field. */
export function describeIssue(issue: z.core.$ZodIssue, prefix?: string): { field: string; message: string } {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
  const field = path || prefix || 'body';
  return { field, message: `${field}: ${issue.message}` };
}

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new BadRequestError(`invalid ${where}`);
  const { field, message } = describeIssue(issue, where);
  throw new BadRequestError(message, field);
}
