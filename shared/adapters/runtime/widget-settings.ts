import { envVar } from '#shared/config';
import { DEFAULT_ABANDON_AFTER_SECONDS } from '#shared/domain/widget/drop-off';

/** SESSION_ABANDON_AFTER_SECONDS: how long a pending session may go without activity before it is dropped_off (default 1,800). */
export function abandonAfterSeconds(): number {
  const raw = envVar('SESSION_ABANDON_AFTER_SECONDS');
  const value = raw === undefined ? DEFAULT_ABANDON_AFTER_SECONDS : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`SESSION_ABANDON_AFTER_SECONDS must be a positive number; got '${raw}'`);
  return value;
}
