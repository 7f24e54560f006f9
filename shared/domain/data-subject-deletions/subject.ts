import { phoneNumbers } from '#shared/domain/phone-numbers';
import { BadRequestError } from '#shared/errors';
import type { DataSubject } from './request';

/**
 * The person as the stores hold them: E.164 as intake normalises it, the email case-insensitively.
 * libphonenumber is imported with the first request that names a phone (phone-numbers.ts): a
 * deletion asked by email alone never reads a number. Its own module, so the deletion worker, which
 * reads the stored E.164 number and normalizes none, bundles no phone code at all.
 */
export async function normaliseSubject(input: { phone?: string | undefined; email?: string | undefined }): Promise<DataSubject> {
  const rawPhone = input.phone?.trim() ?? '';
  const rawEmail = input.email?.trim().toLowerCase() ?? '';
  if (rawPhone === '' && rawEmail === '') throw new BadRequestError('phone or email is required', 'phone');
  const phone = rawPhone === '' ? null : await (await phoneNumbers()).readE164(rawPhone, 'US');
  if (rawPhone !== '' && phone === null) throw new BadRequestError('phone must be a phone number (E.164, or a US number)', 'phone');
  if (rawEmail !== '' && !/^[^\s@]+@[^\s@]+$/.test(rawEmail)) throw new BadRequestError('email must be an email address', 'email');
  return { phone, email: rawEmail === '' ? null : rawEmail };
}
