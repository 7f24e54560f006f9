import * as z from 'zod';
import { BadRequestError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';

const refusal = (schema: z.ZodType, value: unknown): { message: string; field: string | undefined } => {
  try {
    parseOrThrow(schema, value, 'body');
  } catch (error) {
    if (error instanceof BadRequestError) return { message: error.message, field: error.field };
    throw error;
  }
  throw new Error('accepted');
};

describe('a refused input names its field once', () => {
  it('keeps a message that names its field as it is', () => {
    const schema = z.object({ name: z.string().trim().min(1, { error: 'name: required' }) });

    expect(refusal(schema, { name: '  ' })).toEqual({ message: 'name: required', field: 'name' });
  });

  it('prefixes a message that names no field with the field', () => {
    const schema = z.object({ limit: z.string().regex(/^\d+$/, { error: 'must be an integer' }) });

    expect(refusal(schema, { limit: 'x' })).toEqual({ message: 'limit: must be an integer', field: 'limit' });
  });

  it('names a nested field by its whole path, once, when its message names only the member', () => {
    const schema = z.object({ settings: z.object({ quiet_hours: z.boolean({ error: 'quiet_hours: must be true or false' }) }) });
    const list = z.object({ recipients: z.array(z.object({ phone: z.string({ error: 'recipients[0].phone: required' }) })) });

    expect(refusal(schema, { settings: { quiet_hours: 'no' } })).toEqual({
      message: 'settings.quiet_hours: must be true or false',
      field: 'settings.quiet_hours',
    });
    expect(refusal(list, { recipients: [{}] })).toEqual({ message: 'recipients[0].phone: required', field: 'recipients[0].phone' });
  });

  it('keeps a message that only starts with a word like the field', () => {
    const schema = z.object({ name: z.string({ error: 'names are text' }) });

    expect(refusal(schema, { name: 1 })).toEqual({ message: 'name: names are text', field: 'name' });
  });
});
