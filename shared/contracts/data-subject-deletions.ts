import * as z from 'zod/mini';
import { DELETION_KINDS } from '#shared/domain/data-subject-deletions/request';
import { atLoad } from '#shared/lazy';
import { DATA_SUBJECT_DELETION_ROUTES } from '#shared/route-table/data-subject-deletions';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { idempotencyKeyHeader } from './headers';
import { count, dateTime, nullableDateTime } from './responses';

/** Deletion on request (functions/*-data-subject-deletion; write:data_deletions). */
const MAX_BODY_BYTES = 4 * 1024;

export const createDataSubjectDeletionBody = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    team_ids: z
      .optional(z.array(z.int().check(z.positive())).check(z.minLength(1, { error: 'must name at least one team' }), z.maxLength(500)))
      .check(
        z.describe(
          'The teams to delete from, all of one enterprise and reachable by the key. Default: the key’s teams of its own enterprise',
        ),
      ),
    phone: z
      .optional(z.string().check(z.maxLength(40)))
      .check(z.describe('The person’s phone number: E.164, or a US number (normalised as intake does)')),
    email: z.optional(z.string().check(z.maxLength(320))).check(z.describe('The person’s email address (compared case-insensitively)')),
  }),
);

const deletionPath = /* @__PURE__ */ atLoad(() =>
  z.object({ deletionId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('The deletion’s id (dsd_…), as POST answered it')) }),
);

const requestMeta = /* @__PURE__ */ responseSchema((z) => z.strictObject({ request_id: z.string(), timestamp: dateTime() }));

export const dataSubjectDeletion = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      id: z
        .string()
        .describe('dsd_ and 24 hex digits, derived from the enterprise, the teams and the person: the same request answers the same id'),
      team_ids: z.array(z.int()),
      status: z.enum(['queued', 'running', 'completed']),
      counts: z
        .strictObject(Object.fromEntries(DELETION_KINDS.map((kind) => [kind, count()])))
        .describe('Items removed or redacted so far, per kind'),
      created_at: dateTime(),
      completed_at: nullableDateTime(),
    })
    .describe('A deletion on request; it never shows the phone or email'),
);

export const dataSubjectDeletionResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: dataSubjectDeletion(), meta: requestMeta() }).describe('The deletion and its progress'),
);

export const createDataSubjectDeletion = /* @__PURE__ */ defineContract(DATA_SUBJECT_DELETION_ROUTES, {
  routeId: 'createDataSubjectDeletion',
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader })),
  body: { schema: createDataSubjectDeletionBody, maxBytes: MAX_BODY_BYTES },
  responses: { 202: dataSubjectDeletionResponse },
  errors: { 403: 'A team of team_ids is out of the key’s reach' },
});

export const getDataSubjectDeletion = /* @__PURE__ */ defineContract(DATA_SUBJECT_DELETION_ROUTES, {
  routeId: 'getDataSubjectDeletion',
  path: deletionPath,
  responses: { 200: dataSubjectDeletionResponse },
  errors: { 404: 'No deletion with this id of teams the key reaches' },
});

export const DATA_SUBJECT_DELETION_COMPONENTS = {
  DataSubjectDeletion: dataSubjectDeletion,
} as const satisfies Record<string, ResponseSchema>;
