import type { CallEvaluationRequest, CallEvaluator } from '#shared/ports/call-evaluator';
import type { CriterionJudgment, EvaluatorIdentity } from './evaluation';
import type { Criterion } from './rubric';
import { parseTranscript, sentenceAt, type Turn } from './transcript';

/**
 * The deterministic evaluator of local runs and tests: patterns over the transcript's turns, one
 * rule per criterion of the default rubric, and for any other criterion its `keywords` (an agent
 * turn saying one of them passes it). Same transcript and rubric, same judgments, so demo data and
 * tests are reproducible. It is a stand-in for the language model, not a judge of nuance: it sees
 * words, not meaning.
 */

interface Found {
  readonly turn: Turn;
  readonly evidence: string;
}

type Rule = (turns: readonly Turn[]) => Omit<CriterionJudgment, 'criterion_id'>;

const GREETING = /\b(hi|hello|hey|good (morning|afternoon|evening)|thanks? (you )?for calling|welcome)\b/i;
const INTRODUCTION = /\b(this is|my name is|thanks? (you )?for calling|calling (from|about)|how (can|may) i help|what can i do for you)\b/i;
const ASKS_NAME =
  /\b(your (full |first )?name|who am i speaking (with|to)|may i have your name|can i get your name|name for the (booking|appointment))\b/i;
const STATES_NAME = /\b(this is|my name is|i'm|i am|it's) [A-Z][a-z]+/;
const ADDRESSES_BY_NAME = /\b([Hh]i|[Hh]ello|[Hh]ey|[Tt]hanks|[Tt]hank you)[, ]+[A-Z][a-z]+\b/;
const ASKS_PHONE = /\b((phone|callback|call-back|cell|mobile|contact) number|best number|number to reach|reach you at)\b/i;
const PHONE_DIGITS = /\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const THIS_NUMBER = /\b(at|to|on) this number\b/i;
const ASKS_ADDRESS = /\b(address|zip code|postal code|where (are you|is the (property|home|house))|what city|located)\b/i;
const STREET =
  /\b\d{1,6} [A-Z][A-Za-z]+( [A-Z][A-Za-z]+)* (St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane|Blvd|Boulevard|Way|Ct|Court|Pl|Place)\b/;
const AREA = /\b([Ww]e('re| are)|I('m| am)|[Ll]ive|[Ll]ocated) in [A-Z][a-z]+/;
const SERVES_AREA = /\bwe (do )?(serve|cover|service)\b/i;
const NEED =
  /\b(leak\w*|broken|not working|won't|doesn't|stopped|no (hot )?water|clog\w*|flood\w*|burst|repair|install\w*|replac\w*|nois\w*|smell\w*|problem|issue|heat\w*|cool\w*|furnace|water heater|drain|pipe|toilet|quote|price|pricing|estimate|maintenance|tune-up|service)\b/i;
const NAMES_REQUEST = /\b(your (request|inquiry|enquiry|message) (for|about)|calling about your)\b/i;
const FOLLOW_UP =
  /\b(tell me (a little )?more|what('s| is) (going on|the problem|happening)|how long|when did|can you describe|what kind of|which (unit|room|fixture))\b/i;
const OFFERS_BOOKING =
  /\b(book|schedule|appointment|get (a|our) (technician|tech|plumber)( out)?|send (a|someone|our)|come (out|by)|slot|visit|availability|available (on|at|tomorrow|today))\b/i;
const OFFERS_CALLBACK = /\b(call you back|callback|follow up|reach out)\b/i;
const ACCEPTS = /\b(that works|book it|sounds good|yes,? please|let's do (it|that)|perfect)\b/i;
const CONFIRMS =
  /\b(you('re| are) (all set|booked|scheduled|confirmed)|(booked|scheduled|confirmed) (you )?for|see you (on|at|tomorrow))\b/i;
const TIME =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.)|\d{1,2} o'clock|morning|afternoon|evening)\b/i;
const URGENT_OR_COMPLAINT =
  /\b(emergency|urgent\w*|asap|right away|flood\w*|burst|gas leak|no heat|sparks?|smoke|angry|upset|frustrat\w*|complain\w*|unacceptable|terrible|worst|disappointed|refund|still (broken|not working)|getting worse)\b/i;
const EMPATHY = /\b(sorry|apologi[sz]e|i understand|that sounds|i hear you|must be|that's frustrating)\b/i;
const ACTS =
  /\b(priority|prioriti[sz]e|right away|asap|immediately|escalat\w*|manager|supervisor|first available|emergency (service|visit|technician)|today|tonight|within the hour)\b/i;

function find(turns: readonly Turn[], speaker: 'agent' | 'customer' | 'any', pattern: RegExp, after = -1): Found | null {
  for (const turn of turns) {
    if (turn.start <= after) continue;
    if (speaker !== 'any' && turn.speaker !== speaker) continue;
    const match = pattern.exec(turn.text);
    if (match) return { turn, evidence: sentenceAt(turn, match.index) };
  }
  return null;
}

const pass = (found: Found, reason: string, score = 100) => ({ applicable: true, score, reason, evidence: found.evidence });
const fail = (reason: string) => ({ applicable: true, score: 0, reason, evidence: null });
const notApplicable = (reason: string) => ({ applicable: false, score: 0, reason, evidence: null });

const RULES = new Map<string, Rule>(
  Object.entries({
    greeting(turns) {
      const first = turns.find((t) => t.speaker === 'agent');
      if (!first) return fail('The agent never speaks in the transcript');
      const greeting = find([first], 'agent', GREETING);
      const introduction = find([first], 'agent', INTRODUCTION);
      if (greeting && introduction) return pass(greeting, 'The agent greets the caller and introduces itself or offers help');
      if (greeting) return pass(greeting, 'The agent greets the caller but neither introduces itself nor offers help', 50);
      if (introduction) return pass(introduction, 'The agent introduces itself without a greeting', 50);
      return fail("The agent's first turn has no greeting");
    },
    captured_name(turns) {
      const asked = find(turns, 'agent', ASKS_NAME);
      if (asked) return pass(asked, "The agent asks for the customer's name");
      const stated = find(turns, 'customer', STATES_NAME);
      if (stated) return pass(stated, 'The customer gives their name');
      const addressed = find(turns, 'agent', ADDRESSES_BY_NAME);
      if (addressed) return pass(addressed, 'The agent addresses the customer by name (known before the call)');
      return fail("The customer's name is neither asked for nor given");
    },
    captured_phone(turns) {
      const asked = find(turns, 'agent', ASKS_PHONE);
      if (asked) return pass(asked, 'The agent asks for a callback number');
      const digits = find(turns, 'any', PHONE_DIGITS);
      if (digits) return pass(digits, 'A phone number is spoken in the call');
      const thisNumber = find(turns, 'agent', THIS_NUMBER);
      if (thisNumber) return pass(thisNumber, 'The agent confirms the number the customer called from, without reading it back', 50);
      return fail('No callback number is asked for or confirmed');
    },
    captured_address(turns) {
      const asked = find(turns, 'agent', ASKS_ADDRESS);
      if (asked) return pass(asked, 'The agent asks where the service is needed');
      const street = find(turns, 'customer', STREET);
      if (street) return pass(street, 'The customer gives a street address');
      const area = find(turns, 'customer', AREA);
      const served = area ? find(turns, 'agent', SERVES_AREA, area.turn.start) : null;
      if (area && served)
        return pass(served, 'The customer names their city and the agent confirms it is served, but no street address is taken', 50);
      if (area) return pass(area, 'The customer names their city, but no street address is taken', 50);
      return fail('The service address is neither asked for nor given');
    },
    identified_need(turns) {
      const need = find(turns, 'customer', NEED);
      if (!need) {
        const named = find(turns, 'agent', NAMES_REQUEST);
        if (named) return pass(named, "The agent names the customer's request, but the customer does not describe it", 50);
        return fail('The customer never says what they need');
      }
      const followUp = find(turns, 'agent', FOLLOW_UP, need.turn.start);
      if (followUp) return pass(followUp, 'The customer describes the problem and the agent asks a follow-up question');
      return pass(need, 'The customer describes the problem, but the agent asks no follow-up question', 50);
    },
    offered_booking(turns) {
      const booking = find(turns, 'agent', OFFERS_BOOKING);
      if (booking && !OFFERS_CALLBACK.test(booking.evidence)) return pass(booking, 'The agent offers to book a visit');
      const callback = find(turns, 'agent', OFFERS_CALLBACK);
      if (callback) return pass(callback, 'The agent offers a callback rather than a booking', 50);
      if (booking) return pass(booking, 'The agent offers to book a visit');
      return fail('The agent never offers a booking or a callback');
    },
    confirmed_time(turns) {
      const confirmation = find(turns, 'agent', CONFIRMS);
      const accepted = find(turns, 'customer', ACCEPTS);
      if (!confirmation && !accepted) return notApplicable('No visit is booked in the call, so there is no time to confirm');
      if (confirmation && TIME.test(confirmation.evidence)) return pass(confirmation, 'The agent confirms the booked day and time');
      if (confirmation) return pass(confirmation, 'The agent confirms the booking without repeating the day and time', 50);
      return fail('The customer accepts a slot but the agent never confirms the day and time');
    },
    handled_with_care(turns) {
      const trigger = find(turns, 'customer', URGENT_OR_COMPLAINT);
      if (!trigger) return notApplicable('The customer reports no emergency, urgency or complaint');
      // Empathy may come with the agent's first answer to the problem; acting on it must follow the trigger.
      const firstCustomerTurn = turns.find((t) => t.speaker === 'customer');
      const empathy = find(turns, 'agent', EMPATHY, firstCustomerTurn?.start ?? -1);
      const action = find(turns, 'agent', ACTS, trigger.turn.start);
      if (empathy && action) return pass(action, 'The agent acknowledges the urgency or complaint and acts on it');
      if (empathy) return pass(empathy, 'The agent acknowledges the urgency or complaint but does not prioritise or escalate it', 50);
      if (action) return pass(action, 'The agent acts on the urgency or complaint without acknowledging it', 50);
      // The evidence is what went unanswered.
      return {
        applicable: true,
        score: 0,
        reason: 'The customer raises something urgent or a complaint (quoted) and the agent neither acknowledges nor acts on it',
        evidence: trigger.evidence,
      };
    },
  } satisfies Record<string, Rule>),
);

function keywordRule(criterion: Criterion): Rule | null {
  const keywords = criterion.keywords ?? [];
  if (keywords.length === 0) return null;
  const escaped = keywords.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  const pattern = new RegExp(`\\b(${escaped.join('|')})\\b`, 'i');
  return (turns) => {
    const found = find(turns, 'agent', pattern);
    return found
      ? pass(found, "The agent says one of the criterion's keywords")
      : fail(`The agent never says any of: ${keywords.join(', ')}`);
  };
}

export class RuleBasedEvaluator implements CallEvaluator {
  readonly identity: EvaluatorIdentity = { kind: 'rule_based', model: null };

  async evaluate(request: CallEvaluationRequest): Promise<CriterionJudgment[]> {
    return judgeByRules(request);
  }
}

/** The rule-based judgments (synchronous: the demo seed evaluates its calls with it). */
export function judgeByRules(request: CallEvaluationRequest): CriterionJudgment[] {
  const turns = parseTranscript(request.transcript);
  return request.rubric.criteria.map((criterion) => {
    const rule = keywordRule(criterion) ?? RULES.get(criterion.id);
    if (!rule) {
      return {
        criterion_id: criterion.id,
        ...notApplicable(
          'The rule-based evaluator has no rule and no keywords for this criterion (the language model judges it from its description)',
        ),
      };
    }
    return { criterion_id: criterion.id, ...rule(turns) };
  });
}
