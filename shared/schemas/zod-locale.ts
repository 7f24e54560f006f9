import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini carries no messages until a locale is configured (the classic API configures English
// when it loads, which no deployed function does: ADR 0183). Imported for this effect by the two
// modules every schema parse goes through: the request validation (shared/http/validation.ts) and
// the stored-item read (shared/adapters/dynamodb/query.ts), so stream consumers get it too.
// `en` is imported by name: the `z.locales` namespace would bundle every locale.
z.config(en());
