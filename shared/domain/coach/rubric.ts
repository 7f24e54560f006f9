import * as z from 'zod';
import { atLoad } from '#shared/lazy';

/**
 * Coach rubrics: what a call is evaluated against. A rubric is a list of weighted criteria and a
 * pass threshold for the weighted total (0–100). Every team follows the built-in home-services
 * rubric until an operator sets its own (`npm run admin -- coach rubric set`); each change is a new
 * revision of the team's rubric history, and evaluations keep the rubric id and version they used.
 */

const CRITERION_ID = /^[a-z][a-z0-9_]{0,39}$/;
const RUBRIC_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const MAX_CRITERIA = 25;

// Both built atLoad (shared/lazy.ts): only the operator's command parses a rubric; the functions
// that read rubrics (the list, the evaluator) take them as stored and drop these schemas.
const criterionSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      id: z.string().regex(CRITERION_ID, { error: 'must be 1-40 lowercase letters, digits or _, starting with a letter' }),
      title: z.string().trim().min(1).max(100),
      description: z.string().trim().min(1).max(1000),
      weight: z.number().positive({ error: 'must be greater than 0' }).max(100, { error: 'must be at most 100' }),
      /**
       * Words or phrases that show the agent met the criterion, for the rule-based evaluator (local
       * runs and tests) on criteria it has no built-in rule for. The language model reads the
       * description instead.
       */
      keywords: z.array(z.string().trim().min(2).max(60)).max(20).optional(),
    })
    .strict(),
);

/** What an operator writes (`coach rubric set --file`): the rubric without its version, which the store assigns. */
export const rubricInputSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      rubric_id: z.string().regex(RUBRIC_ID, { error: 'must be 1-64 lowercase letters, digits, - or _' }).optional(),
      name: z.string().trim().min(1).max(100),
      pass_threshold: z.number().min(0, { error: 'must be between 0 and 100' }).max(100, { error: 'must be between 0 and 100' }),
      criteria: z.array(criterionSchema).min(1).max(MAX_CRITERIA),
    })
    .strict()
    .superRefine((rubric, ctx) => {
      const seen = new Set<string>();
      rubric.criteria.forEach((criterion, index) => {
        if (seen.has(criterion.id))
          ctx.addIssue({ code: 'custom', message: `duplicate criterion id ${criterion.id}`, path: ['criteria', index, 'id'] });
        seen.add(criterion.id);
      });
    }),
);

export type RubricInput = z.output<typeof rubricInputSchema>;
export type Criterion = z.output<typeof criterionSchema>;

export interface Rubric {
  readonly rubric_id: string;
  /** Counts the changes of this rubric id within the team; the built-in default is version 1. */
  readonly version: number;
  readonly name: string;
  readonly pass_threshold: number;
  readonly criteria: readonly Criterion[];
  /** `default`: the built-in rubric; `team`: set by an operator for the team. */
  readonly source: 'default' | 'team';
}

/** One entry of a team's rubric history: the rubric in force from `in_force_from` until the next revision. */
export interface RubricRevision {
  /** 0 is the built-in default a team follows before any change; every change adds one. */
  readonly revision: number;
  readonly rubric: Rubric;
  /** Null for revision 0 (in force since the team was created). */
  readonly in_force_from: string | null;
}

/**
 * The id of the built-in rubric. A change to its criteria ships under a new id (never as a new
 * version of this one), so (team, rubric id, version) always names one set of criteria.
 */
export const DEFAULT_RUBRIC_ID = 'home-services';

export const DEFAULT_RUBRIC: Rubric = {
  rubric_id: DEFAULT_RUBRIC_ID,
  version: 1,
  name: 'Home services call (default)',
  pass_threshold: 70,
  source: 'default',
  criteria: [
    {
      id: 'greeting',
      title: 'Greeting',
      description: 'The agent opens with a greeting that names the business or introduces itself, and offers help.',
      weight: 10,
    },
    {
      id: 'captured_name',
      title: 'Captured name',
      description: "The customer's name is captured: asked for, or given by the customer and used by the agent.",
      weight: 10,
    },
    {
      id: 'captured_phone',
      title: 'Captured phone',
      description: 'A callback number is captured or confirmed (asked for, read back, or the agent confirms texting this number).',
      weight: 10,
    },
    {
      id: 'captured_address',
      title: 'Captured address',
      description: 'The service address (or at least the city or area served) is captured or confirmed.',
      weight: 10,
    },
    {
      id: 'identified_need',
      title: 'Identified the need',
      description: 'The agent finds out what the problem or requested service is, asking a follow-up question when needed.',
      weight: 15,
    },
    {
      id: 'offered_booking',
      title: 'Offered a booking',
      description: 'The agent offers to book a visit or an appointment slot (or a callback when booking is not possible).',
      weight: 20,
    },
    {
      id: 'confirmed_time',
      title: 'Confirmed the time',
      description: 'When a visit is booked, the agent confirms the day and time back to the customer.',
      weight: 15,
    },
    {
      id: 'handled_with_care',
      title: 'Handled urgency or a complaint with care',
      description:
        'When the customer reports an emergency, urgency or a complaint, the agent acknowledges it with empathy and acts on it (priority, escalation). Not applicable when there is neither.',
      weight: 10,
    },
  ],
};

/** A validated operator rubric as the team's next version of its id. */
export function teamRubric(input: RubricInput, rubricId: string, version: number): Rubric {
  return {
    rubric_id: rubricId,
    version,
    name: input.name,
    pass_threshold: input.pass_threshold,
    criteria: input.criteria,
    source: 'team',
  };
}

/** The rubric as `coach rubric set --file` takes it back (what `coach rubric show --json` prints). */
export function toRubricInput(rubric: Rubric): RubricInput {
  return { rubric_id: rubric.rubric_id, name: rubric.name, pass_threshold: rubric.pass_threshold, criteria: [...rubric.criteria] };
}
