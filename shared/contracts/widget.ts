import * as z from 'zod/mini';
import { WIDGET_STEPS } from '#shared/domain/widget/widget-sessions';
import { atLoad, lazy } from '#shared/lazy';
import { WIDGET_ROUTES } from '#shared/route-table/widget';
import { integerParam, positiveIdParam } from '#shared/schemas/params';
import { defineContract, onFirstRequest, type ResponseSchema, responseSchema } from './contract';
import { htmlDocument, pageAssetBody } from './pages';
import { dateTime, id } from './responses';
import { session } from './sessions';

/**
 * The scheduling widget's public routes (functions/widget-api, functions/get-booking-page): no API
 * key; a session's reads and changes carry its token in `x-widget-token`. Both functions serve
 * several of these routes, so each route's inputs are built on its first request (onFirstRequest).
 */

const MAX_BODY_BYTES = 8 * 1024;
const TOKEN_MESSAGE = 'x-widget-token: required (the token the session was started with)';

const schedulerPath = /* @__PURE__ */ onFirstRequest(() =>
  z.object({
    teamId: positiveIdParam,
    schedulerId: positiveIdParam,
  }),
);

const tokenHeader = /* @__PURE__ */ atLoad(() => ({
  'x-widget-token': z
    .string({ error: TOKEN_MESSAGE })
    .check(
      z.minLength(1, { error: TOKEN_MESSAGE }),
      z.maxLength(400, { error: 'x-widget-token: must be at most 400 characters' }),
      z.describe('The session token the start of the session answered'),
    ),
}));

const text = (field: string, max: number) =>
  z
    .string({ error: `${field}: must be a string` })
    .check(z.trim(), z.maxLength(max, { error: `${field}: must be at most ${max} characters` }));
const required = (field: string, max: number) => text(field, max).check(z.minLength(1, { error: `${field}: required` }));
const address = (field: string) =>
  z
    .string({ error: `${field}: must be a string` })
    .check(
      z.maxLength(2048, { error: `${field}: must be at most 2048 characters` }),
      z.regex(/^(https?:\/\/\S+)?$/, { error: `${field}: must be an http(s) URL, or empty` }),
    );

// ---------------------------------------------------------------------------------------------
// Inputs

const startBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    page_url: z
      .optional(address('page_url'))
      .check(z.describe("The page the widget opened on (the host page, query included): the session's utm and google_ads come from it")),
    referrer: z.optional(address('referrer')).check(z.describe("That page's referrer, kept with the session")),
  }),
);

const availabilityQuery = /* @__PURE__ */ onFirstRequest(() =>
  z.object({
    from: z
      .optional(z.iso.date({ error: 'from: must be a date YYYY-MM-DD' }))
      .check(z.describe("First local day to show (default: today in the scheduler's zone)")),
    days: z
      .optional(
        z.pipe(
          integerParam,
          z.number().check(z.int(), z.gte(1, { error: 'days: must be 1 to 14' }), z.lte(14, { error: 'days: must be 1 to 14' })),
        ),
      )
      .check(z.describe('How many days to show (default 7, at most 14); never past the last day the scheduler books')),
  }),
);

/** The customer's details, validated alike where the booking takes them and where the step reports them complete. */
const customerMembers = /* @__PURE__ */ lazy(() => ({
  name: required('name', 200),
  phone: required('phone', 40).check(z.describe('Read as a phone number of the US (or with +country)')),
  email: z
    .string({ error: 'email: must be a string' })
    .check(
      z.trim(),
      z.maxLength(254, { error: 'email: must be at most 254 characters' }),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'email: must be an email address' }),
    ),
  address: required('address', 500),
}));

/** A slot as the booking and the step that picks it name it (the scheduler's local date and start). */
const slotMembers = /* @__PURE__ */ lazy(() => ({
  date: z.iso.date({ error: 'date: must be a date YYYY-MM-DD' }).check(z.describe('Local date of the slot')),
  time: z
    .string({ error: 'time: must be a time HH:MM' })
    .check(
      z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'time: must be a time HH:MM' }),
      z.describe('Local start of the slot (HH:MM)'),
    ),
}));

const stepBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    event_type: z.enum(WIDGET_STEPS, { error: `event_type: must be one of ${WIDGET_STEPS.join(', ')}` }),
    issue_type: z.optional(required('issue_type', 100)).check(z.describe('With issue_selected: one of the scheduler’s services')),
    job_type: z.optional(required('job_type', 100)),
    date: z
      .optional(slotMembers().date)
      .check(
        z.describe(
          'With booking_started: the local date of the slot picked, kept on the session (selected_date) so a resume link reopens it',
        ),
      ),
    time: z
      .optional(slotMembers().time)
      .check(z.describe('With booking_started and date: the local start of the slot picked (selected_time)')),
    customer_info: z
      .optional(z.strictObject(customerMembers(), { error: 'customer_info: must be an object with name, phone, email and address' }))
      .check(
        z.describe(
          'With customer_info_completed: the details as entered, kept on the session at once (a session left afterwards still has them; the phone is read as for the booking)',
        ),
      ),
  }),
);

const bookingBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    issue_type: required('issue_type', 100).check(z.describe('One of the scheduler’s services')),
    job_type: z.optional(required('job_type', 100)),
    ...slotMembers(),
    ...customerMembers(),
    // Not trimmed: a bot that fills the hidden field with spaces has filled it.
    website: z
      ._default(
        z.string({ error: 'website: must be a string' }).check(z.maxLength(500, { error: 'website: must be at most 500 characters' })),
        '',
      )
      .check(z.describe('Leave empty: a field hidden from people (bots fill it, spaces included)')),
  }),
);

// ---------------------------------------------------------------------------------------------
// Responses

const publicScheduler = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    team_id: id(),
    scheduler_id: id(),
    name: z.string(),
    services: z.array(z.string()),
    job_types: z.array(z.string()),
    time_zone: z.string().describe('IANA zone every date and time of the widget is local to'),
    days_ahead: z.int().min(1),
  }),
);

export const startedSession = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      token: z.string().describe('Send it as x-widget-token on every read and change of this session; it is shown once'),
      session: session(),
      scheduler: publicScheduler(),
    })
    .describe('A started (pending) session with its token'),
);

const offeredDay = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    date: z.iso.date(),
    slots: z.array(
      z.strictObject({
        time: z.string().describe('Local start HH:MM'),
        label: z.string().describe('The start as shown, e.g. 10:00 AM'),
        starts_at: dateTime(),
        remaining: z.int().min(1).describe('Places left in the slot'),
      }),
    ),
  }),
);

export const widgetAvailabilityAnswer = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      time_zone: z.string(),
      first_date: z.iso.date().describe('Today in the scheduler’s zone'),
      last_date: z.iso.date().describe('The last day the scheduler books'),
      days: z.array(offeredDay()),
    })
    .describe('Open slots per local day (full slots and slots inside the lead time left out)'),
);

export const resumedSession = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      token: z
        .string()
        .describe('A fresh session token: send it as x-widget-token from now on (the one the session was started with no longer works)'),
      step: z
        .string()
        .describe(
          'The step the session was left at: session_started, issue_selected, booking_started or customer_info_completed (the page reopens there)',
        ),
      session: session(),
      scheduler: publicScheduler(),
      slot: z
        .strictObject({
          date: z.iso.date().describe('Local date of the slot'),
          time: z.string().describe('Local start HH:MM'),
          label: z.string().describe('The start as shown, e.g. 10:00 AM'),
          starts_at: dateTime(),
          remaining: z.int().min(1).describe('Places left in the slot'),
        })
        .nullable()
        .describe(
          'The slot the session picked (session.selected_date and selected_time) when it is still open: the page reopens on the details with it; null when none was picked, or it was taken or passed meanwhile (the page offers the open times)',
        ),
    })
    .describe('The session a resume link reopened, at the step it was left, its details still filled'),
);

export const sessionAnswer = /* @__PURE__ */ responseSchema((z) => z.strictObject({ session: session() }));

export const bookedAnswer = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      status: z.literal('booked'),
      session: session(),
      starts_at: dateTime(),
      message: z.string().describe('The confirmation as the widget shows it'),
    })
    .describe('The visit is booked (a repeated booking of the same slot answers the same)'),
);

export const slotTaken = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      error: z.literal('slot_taken'),
      message: z.string(),
      field: z.literal('time'),
      availability: widgetAvailabilityAnswer(),
    })
    .describe('Someone else took the last place in the slot: pick another from the fresh slots'),
);

// ---------------------------------------------------------------------------------------------
// Contracts

const tokenErrors = { 401: 'x-widget-token is missing or is not the token of a session' } as const;

export const startWidgetSession = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'startWidgetSession',
  path: schedulerPath,
  body: { schema: startBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 201: startedSession },
  errors: {
    403: 'The request comes from an origin the scheduler does not allow',
    429: 'Too many requests from this client or for this scheduler',
  },
});

export const getWidgetAvailability = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'getWidgetAvailability',
  path: schedulerPath,
  query: availabilityQuery,
  responses: { 200: widgetAvailabilityAnswer },
  errors: { 429: 'Too many requests from this client or for this scheduler' },
});

export const getWidgetSession = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'getWidgetSession',
  headers: /* @__PURE__ */ atLoad(() => z.object(tokenHeader)),
  responses: { 200: sessionAnswer },
  errors: tokenErrors,
});

export const recordWidgetStep = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'recordWidgetStep',
  headers: /* @__PURE__ */ atLoad(() => z.object(tokenHeader)),
  body: { schema: stepBody, maxBytes: MAX_BODY_BYTES },
  responses: { 200: sessionAnswer },
  errors: /* @__PURE__ */ atLoad(() => ({ ...tokenErrors, 409: 'The session is already booked' })),
});

export const bookWidgetSession = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'bookWidgetSession',
  headers: /* @__PURE__ */ atLoad(() => z.object(tokenHeader)),
  body: { schema: bookingBody, maxBytes: MAX_BODY_BYTES },
  responses: { 200: bookedAnswer },
  errors: /* @__PURE__ */ atLoad(() => ({
    ...tokenErrors,
    409: { description: 'The slot is full (fresh slots in the body), or the session is booked for another slot', schema: slotTaken },
    429: 'Too many requests from this client or for this scheduler',
  })),
});

const resumeBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    resume_token: z
      .string({ error: 'resume_token: required (the resume parameter of the link the customer was sent)' })
      .check(
        z.minLength(1, { error: 'resume_token: required (the resume parameter of the link the customer was sent)' }),
        z.maxLength(400, { error: 'resume_token: must be at most 400 characters' }),
        z.describe('The `resume` parameter of the resume_url a recovery text carried'),
      ),
  }),
);

export const resumeWidgetSession = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'resumeWidgetSession',
  body: { schema: resumeBody, maxBytes: MAX_BODY_BYTES },
  responses: { 200: resumedSession },
  errors: {
    403: 'The request comes from an origin the scheduler does not allow',
    404: 'No session has this resume token, or its 72 hours are over',
    429: 'Too many requests from this client or for this scheduler',
  },
});

const assetPath = /* @__PURE__ */ onFirstRequest(() =>
  z.object({
    file: z
      .string()
      .check(
        z.maxLength(64),
        z.regex(/^[a-z0-9-]+\.(js|css)$/, { error: 'must be a file name the widget links to' }),
        z.describe('widget.js, widget.css or embed.js; any other name answers 404'),
      ),
  }),
);

/** A visit's manage page: the customer's link names it by its token; the page reads the visit itself. */
export const getManagePage = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'getManagePage',
  path: /* @__PURE__ */ onFirstRequest(() =>
    z.object({
      manageToken: z.string().check(z.minLength(1), z.maxLength(200), z.describe('The manage link’s token (the last part of manage_url)')),
    }),
  ),
  responses: { 200: htmlDocument },
  responseMediaType: 'text/html',
});

export const getBookingPage = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'getBookingPage',
  path: schedulerPath,
  responses: { 200: htmlDocument },
  responseMediaType: 'text/html',
  errors: { 404: 'No such scheduler' },
});

export const getWidgetAsset = /* @__PURE__ */ defineContract(WIDGET_ROUTES, {
  routeId: 'getWidgetAsset',
  path: assetPath,
  query: /* @__PURE__ */ onFirstRequest(() =>
    z.object({
      v: z
        .optional(z.string().check(z.regex(/^[0-9a-f]{16}$/, { error: 'must be the hash the page links the file with' })))
        .check(z.describe('The content hash the page links the file with; with the current one, the answer may be cached for a year')),
    }),
  ),
  responses: { 200: pageAssetBody },
  responseMediaType: 'text/javascript',
  errors: { 404: 'No such file' },
});

export const WIDGET_COMPONENTS = {
  WidgetAvailability: widgetAvailabilityAnswer,
} as const satisfies Record<string, ResponseSchema>;
