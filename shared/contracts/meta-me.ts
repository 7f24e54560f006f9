import { FIELD_GROUP_NAMES } from '#shared/auth/field-groups';
import { ALL_PERMISSIONS, KEY_TYPES } from '#shared/auth/permissions';
import { META_ROUTES } from '#shared/route-table/meta';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { count, dateTime, id } from './responses';

/** The calling key (functions/get-me). */

const limitWindow = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    limit: count().describe('Requests allowed in the window'),
    remaining: count().describe('Requests left in the window, this one counted'),
    reset: z.int().min(0).describe('When the window ends: Unix seconds'),
    window_seconds: z.int().min(1),
    overridden: z.boolean().describe('Whether an operator set this limit for the key (or the team) instead of the default'),
  }),
);

export const me = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      key_id: z.string().describe('The key’s public id'),
      name: z.string(),
      prefix: z.string().describe('The key’s masked prefix: service_ and its first 4 hexadecimal characters'),
      type: z.enum(KEY_TYPES),
      scope: z.strictObject({ kind: z.enum(['team', 'enterprise', 'portfolio']), id: id() }),
      permissions: z.array(z.enum(ALL_PERMISSIONS)),
      anchor_team_id: id(),
      team_ids: z.array(id()).describe('Every team the key reaches, test teams included'),
      test_team_ids: z.array(id()),
      enterprise_id: id().nullable().describe('The enterprise of a team or enterprise key; null for a portfolio key'),
      enterprise_ids: z.array(id()),
      portfolio_id: id().nullable().describe('The portfolio of a portfolio_all_teams key; null otherwise'),
      expires_at: dateTime().nullable().describe('After this instant the key is refused (401); null: it does not expire'),
      fields: z
        .strictObject({
          groups: z.array(z.enum(['core', ...FIELD_GROUP_NAMES])).describe('The field groups the key sees in responses'),
          restricted: z.boolean().describe('Whether the key has an allow-list (false: it sees every field group)'),
        })
        .describe('The key’s field allow-list (see the field groups in the API description)'),
      rate_limits: z
        .strictObject({
          per_key_per_minute: limitWindow(),
          per_workspace_per_hour: limitWindow().describe(
            'The workspace of this request: on this API, which has no X-Workspace-ID, the key’s anchor team',
          ),
        })
        .nullable()
        .describe('The limits and what remains of them after this request; X-RateLimit-* give the tighter of the two'),
    })
    .describe('The calling API key'),
);

export const getMeResponse = /* @__PURE__ */ responseSchema((z) => z.strictObject({ data: me() }));

export const getMe = /* @__PURE__ */ defineContract(META_ROUTES, {
  routeId: 'getMe',
  responses: { 200: getMeResponse },
});

export const ME_COMPONENTS = { Me: me, GetMeResponse: getMeResponse } as const satisfies Record<string, ResponseSchema>;
