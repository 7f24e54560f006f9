import type { TimeMention } from './requested-time';

/**
 * The words by which the two sides of a call settle a time: the assistant confirming, closing,
 * offering, saying a slot is taken or a booking exists; the caller declining or accepting. Read by
 * conversation-times.ts, turn by turn.
 */

export const AGENT_CONFIRMS =
  /\b(you're (all )?(set|booked|scheduled|on the (schedule|calendar|books))|(i'll|i will|we'll|we will) (get|fit|squeeze|put) you in|i('ve| have) (booked|scheduled|got|put) you|i have you (down|booked|scheduled)|(booked|scheduled|confirmed) (you|your|it|for)|i('ve)? (booked|scheduled) it|booked[,.!]|pencil+ed (you )?in|you('re| are) on for|lock(ed)? (you|it) in|reserved (it|that|you) for|we'll see you|see you (then|on|at|tomorrow|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|it is\b|you're down|(moved|switched|swapped|bumped) (you|it|your|to|over)|\b(switched|swapped|rescheduled|moved)[,.!]|(i'll|i will|we'll|we will) (send|have|get|bring) (?!(it|that|this)\b)(the |our )?\w+ back\b|on the (calendar|schedule|books)|(i'll|i will|we'll|we will) (send|dispatch) (someone|somebody|(a|the|our) (tech\w*|plumber|electrician|roofer|installer|crew|estimator))|(i'll|i will|we'll|we will) have (?!(it|that|this|them)\b)[a-z]+ (there|out|over|by)\b|(someone|somebody|he|she|they|(a|the|our) (tech\w*|plumber|electrician|roofer|installer|crew|estimator))('ll| will) be (out|there|over|by|at your (door|place|house|home))|(should|will|'ll) (arrive|get there|pull up|meet you( there)?|be back (out|over|there))\b|(expected|estimated) arrival|scheduled to arrive|(we'll|we will|let's) plan on|let's (do|say|go with|make it) (?!(a|the) (phone )?call)|(is|are|'s) (now |all )?(booked|confirmed|scheduled|set) for|(is|are) (booked|confirmed|scheduled)|done[,.!]|(queda|est[aá]) (agendad|programad|confirmad|reservad)[oa]|lo esperamos|te esperamos)/i;
/**
 * The assistant sending someone ("he'll be there around 11", "our on-call plumber can be there at
 * noon", "I can have him at your door at one", "I'm dispatching Luis"): a time said with it
 * before any day is named is today's, as the one sent goes now.
 */
export const SENDS_SOMEONE =
  /\b(be|(have|get|getting|having) (him|her|them|someone|somebody|(a|an|our|the) [\w-]+( [\w-]+)?|\w+)) (there|out|over|at your (door|place|house|home|address))\b|\b((dispatch|send)(ing|ed)|head(ed|ing) your way|arriv(e|al)|eta)\b/i;
/** A thanks as the whole answer: it takes a visit the assistant sends ("I can have the plumber at your house at 8:30" "Thank you!"). */
export const THANKS_ONLY = /^\W*(thank you|thanks|thank god)( so much| very much)?\W*$/i;
/** The caller asking when someone can come ("when can someone get here?", "how soon?", "as soon as possible"): the answer sends someone. */
export const WHEN_COMING =
  /\b(when|what time) (can|will|could|would) (someone|somebody|you|y'all|he|she|they|the \w+) (get|come|be) (here|out|over|by)\b|\b(how soon|as soon as (possible|you can)|asap)\b/i;
/**
 * Words that close any request ("you're all set, the manager will call you", "you got it",
 * "confirmed, your address is updated"): a confirmation of a booking only with a time in the same
 * sentence ("The 17th at 1 pm, all set", "Thursday at 10, confirmed", "booked tomorrow at four").
 */
export const CLOSING =
  /\b((you're |you are |we're |that's )?all set|confirmed|booked(?! (up|solid|out|full))|put you (in|down)|(you )?got it|you('re| are) in|listo)\b/i;
/** An assistant's sentence that offers a visit, not only names a day ("we're closed Monday"). */
export const OFFERS =
  /\b((can|could) (get|send|have|come|do|fit|squeeze|book|schedule)|(the )?(earliest|soonest|next opening|first opening) (is|would be)|(i|we) (have|'ve got|still have) (?=(today|tomorrow|this|next|mon|tue|wed|thu|fri|sat|sun|\d{1,2}(:\d{2})? ?[ap]\.?m\b))|how about|what about|(does|do|would|will) [^.?!]{0,30}work|(have|got) (an? )?(opening|slot|availability|room|time)|tengo|puedo|podemos)\b/i;
/** "Saturday's full, but Monday at 1 is open": after a slot said taken, the words from "but" offer what is free. */
export const FREE_AFTER = /\b(but|though|however)\b(?=[^.!?]*\b(open|free|available)\b)/i;
export const UNAVAILABLE =
  /\b((is|are|'s|'re|has been|have been) (all |completely )?(taken|full|booked (up|solid|out)|gone|not available|unavailable|cancel+ed|removed)|no longer available|(i|we)('ve| have)( just)? (cancel+ed|removed|taken (you|it|that) off)|don't have (anything|that)|we('re| are) closed|we close|no (tenemos|hay) (lugar|espacio))\b/i;
export const AGENT_EXISTING =
  /\b(is on the books|(is|are|'s|'re) still (on|coming|scheduled|booked)|you already have|your (current|existing|upcoming) (appointment|visit)|your (appointment|visit|booking)( is|'s| was)(?! (now |all )?(set|booked|confirmed|scheduled) for)|your ((monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today)('s)?|at|\d{1,2}(:\d{2})?|[ap]\.?m\.?|morning|afternoon|o'clock)( (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|at|\d{1,2}(:\d{2})?|[ap]\.?m\.?|morning|afternoon|o'clock))* (appointment|visit|booking)|remind\w*|running (late|behind)|recordar\w*|recordatorio|(calling|here) to confirm your|(?<!\b(when|once|before|after|until) )(he|she|they)('s| is| are) (on (his|her|their|the) way|\w+ minutes out))\b/i;
export const DECLINES =
  /\b((can't|cannot|can not|won't|couldn't) (do|make|be there|be home)|(doesn't|does not|won't|wouldn't)( really| quite)? work|not (good|great) for me|anything (later|earlier|else)|something (later|earlier|else)|other (options|times|days)|no puedo|no me (sirve|queda|parece))\b/i;
/**
 * The assistant's plain yes, first thing after the customer asked for a time ("Can you do
 * Wednesday at 10?" "Yes, absolutely.", "Yes ma'am, that works.", "We're good to go."): the
 * whole sentence, so "Sure, let me check" is none.
 */
export const AGENT_YES =
  /^\W*(yes|yeah|yep|sure( thing)?|absolutely|of course|definitely|certainly|(no|not a) problem|ok(ay)?|al+ ?right|got it|great|we can( do that| make (that|it) work)?|that works|sounds good|you got it|will do|can do|perfect|that('s| is) (fine|open|available|no problem)|((we're|you're|we are|you are) )?good to go|s[ií]|claro|por supuesto)([\s,]+(ma'?am|sir|miss|dear|hon|my friend|buddy|se[ñn]ora?))?([\s,!.]+(absolutely|of course|definitely|no problem|we can( do that| make (that|it) work)?|that works|that('s| is) (fine|open|available)|claro|por supuesto))*[\s,!.]*$/i;
export const ACCEPTS =
  /\b(works|work for me|(that|it)('ll| will|'d| would| could) work|fine|perfect|great|ok(ay)?|yes|yeah|yep|yup|(?<!\b(not|n't|never) )sure|sounds (good|great)|is better|that one|correct|exactly|that's right|al+ ?right(y)?|cool|awesome|excellent|wonderful|lovely|fantastic|(absolutely|definitely|of course|certainly)(?! not)|brilliant|go ahead|sign me up|sounds like a plan|(that's|it's) a plan|that'?ll do|count me in|you bet|please do|no problem|(good|fine|ok(ay)?) with (that|it)|see you (then|there|on|at)|(that's|that is|is) good(?! to (know|hear))|mm-?hm+|uh-huh|i can (do|make) (that|it)|go with|\d{1,2}(:\d{2})?('s| is) (good|fine|great|perfect|best)|lock (it|that) in|put (me|us) (down|in)|pencil (me|us) in|de acuerdo|vale|claro|dale|the (first|second|last|earlier|later|earliest|latest|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(:\d{2})?( ?[ap]\.?m\.?)?) one|let'?s do|book (it|me)|i'll take|me sirve|me queda|me parece (bien|perfecto|buen\w*)|perfecto|muy bien|est[aá] bien)\b|(^|[\s¡¿,.])s[ií](?![\wáéíóúñ])|^\W*(good|deal|it's a deal|ya|yah|yea|k|kk|(yes,? )?please)(\W+(thx|thanks|ty))?\W*$|^\W*(just )?do it\b(?! myself)|(i'm|i am|we're|we are) (free|available|around|home) (then|that (day|time|morning|afternoon))|^\W*the \d{1,2}(:\d{2})?( ?[ap]\.?m\.?| o'clock)?\b|^\W*(bueno|okey|oki|okie)\b|(^|[\s¡,])([aá]ndale|[oó]rale)\b|\b(i'll|i will|we'll|we will|he'll|he will|she'll|she will|they'll|they will|someone will|somebody will) be (home|here|there)( then| for (that|it))?[\s.!,]*$/i;

/**
 * A pick among offers by place or relation, said without an assent word: "First option.", "Morning
 * one.", "The latter.", "Whichever is sooner.", "Later's better." (offered-pick.ts reads which offer it is).
 */
export const PICKS_OFFER =
  /\b((the )?(first|second|third|fourth|last|earlier|earliest|later|latest|morning|afternoon|evening) (one|option|slot|choice)|the (latter|former)|whichever( one)? (is|'s) (sooner|soonest|earlier|earliest|first|later|latest))\b|^\W*(latter|former)\b|\b(earlier|earliest|later|latest|sooner|first|second|last|morning|afternoon|evening)( one)?('s| is) (better|best)\b/i;

/** A time said with its day ("Friday at 1"), not an hour alone on the day on the table ("at 2"). */
export const NAMES_DAY =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
/** An hour said alone, in digits or words ("Ten?", "three o'clock"); to "Thu 8 or 1?", "1." picks the offer at it. */
export const HOUR_ALONE = /^\W*(\d{1,2}(:\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)( o'clock)?\s*[.!?]?\s*$/i;

/** The assistant asking which time the customer wants ("What time tomorrow works for you?"): an hour said alone answers it. */
export const ASKS_WHICH_TIME = /\b((what|which) time\b[^.!?]*\?|when (works|would work|is (good|best)|suits you)\b)/i;

/** "Thursday works." to "Thursday the 3rd at 9?": the assistant taking the asked time by its day alone, with nothing held back. */
export const DAY_TAKEN =
  /^(?!.*\b(not|n't|never|no longer|only|but|except|unless)\b).*\b(works|is (fine|good|great|perfect|open|available|no problem)|(we|i) can do (that|it))\b/i;

/**
 * The assistant only checking before it answers ("Hold on, let me see what we've got.", "One
 * sec, pulling up the calendar."): the sentence after it is still its first words to the ask.
 */
export const CHECKS =
  /^\W*(let me (look|check|see|pull)|hold on|hang on|one (sec|second|moment)|just a (sec|second|moment)|give me (a|one) (sec|second|moment)|bear with me|pulling (it |that )?up|checking|looking)\b[^.!?]*[.!?…\s]*$/i;

/** "10 works", "11:30 is fine": the assistant taking a bare hour the caller asked for. */
export const HOUR_TAKEN =
  /^\W*(?:(?:yes|yeah|yep|sure|ok(?:ay)?|great|perfect|absolutely)[\s,!.]+)?(\d{1,2})(?::(\d{2}))?(?: ?[ap]\.?m\.?)?(?: o'clock)? (works|is (fine|good|great|perfect|no problem)|it is)\b/i;

/**
 * Words right before a time that make it the time of a phone call, not of a visit: "our office
 * manager will call you Thursday at 2", "call me back at 4", "give you a ring Friday at 9".
 */
export const PHONE_CALL_BEFORE =
  /\b((call|phone|ring|text) (me|you|us|him|her|them)( back| again)?|(?<!service )(a|the) (phone |video |zoom |virtual )?call( for)?|give (me|you|us|him|her|them) a (call|ring)( back)?|(te|le|me|lo|la|los) (llamo|llama|llamamos|llamar[aá]|llamaremos))\s+(on |at |around |about |by |sometime )?$/i;

/**
 * A caller's time said as a request, not only as a fact ("Friday at 10 if you can", "put me down
 * for Thursday at 10"): the assistant's plain assent agrees to it as it does to a question.
 */
export const ASKS_FOR_TIME =
  /\b(if (you can|possible|that works|you have it)|please|(would|'d) be (ideal|great|best|perfect)|works best|put me (down|in)|book me|i'd like|i want|i need|prefer)\b/i;

/**
 * Words right before a time that make it a limit around the visit, not its time: "will he be
 * done by noon?", "I have to leave at 1", "as long as he's out before 3", "home until 3", "on
 * lunch from noon to 1", "estoy en casa hasta las tres".
 */
export const LIMIT_BEFORE =
  /\b(until|till|til|no later than|before|from|(done|finished|out|gone|wrapped up|back|out of (your|the) \w+) by|leave|get off( work)?|hasta( las?)?|antes de( las?)?)\s+((at|by|around|about) )?$/i;

/** A caller moving a time already agreed ("could it be Monday instead?", "Friday works better"), not only telling one. */
export const MOVES =
  /\b(instead|rather|better|prefer|change|move|switch|push|earlier|later|actually|(can|could|would) (you|he|she|they|we|someone|somebody|it)|how about|what about|make it|let's|i'd like|i want|i need|wait)\b/i;

const HOUR_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
/** What a correction may name first: an hour, in digits or words, or a day. */
const TIME_NAMED = `(?:at |make it |it's |i mean )?(?:\\d{1,2}\\b|(?:${HOUR_WORDS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today)\\b)`;

/**
 * A later part of a turn replaces an earlier one: "Tuesday, no wait, Wednesday", "at 2, sorry, 3",
 * "nine, no, ten thirty", "No, 3. I said 3." "Sorry" and "no" correct only when a time follows them
 * at once ("sorry to hear that", "no, that's fine" correct nothing).
 */
const CORRECTION = new RegExp(
  `\\b(no wait|oh wait|wait,? no|actually|make that(?! work)|i mean|scratch that|or rather|no,? mejor|mejor dicho|perd[oó]n)\\b|\\bsorry,? (?=${TIME_NAMED})|(?<=^|[,—–-] ?|[.!?] )no,? (?=${TIME_NAMED})`,
  'gi',
);
/** A bare hour a correction starts with ("I mean eleven", "sorry, 3"), which is read as an hour only after "at". */
const BARE_HOUR_FIRST = new RegExp(
  `^[\\s,\u2014-]*(?=(?:\\d{1,2}(?::\\d{2})?|${HOUR_WORDS})\\b(?!:|\\s*(?:dollars|bucks|minutes|hours|days|%)))`,
  'i',
);

/**
 * The part of a turn after its last correction ("Tuesday, no wait, Wednesday" → "Wednesday"),
 * a bare hour it starts with read as an hour ("I mean eleven" → "at eleven"), and whether it
 * starts with what it corrects to: then that first time is the one meant, and a time told after it
 * in the same sentence is its reason ("make that 10 instead, I drop the kids off at 9").
 */
export function afterCorrection(text: string): { readonly text: string; readonly said: number; readonly leads: boolean } {
  // "At 3— at 3:30 actually.": a correction word that ends what is said corrects what came before it, not what follows.
  const last = [...text.matchAll(CORRECTION)].filter((m) => /\w/.test(text.slice(m.index + m[0].length).split(/[.!?\n]/)[0] ?? '')).at(-1);
  if (last?.index === undefined) return { text, said: 0, leads: false };
  const rest = text.slice(last.index + last[0].length);
  const bare = BARE_HOUR_FIRST.exec(rest);
  const leads = bare !== null || new RegExp(`^[\\s,\u2014-]*${TIME_NAMED}`, 'i').test(rest);
  return { text: bare ? `at ${rest.slice(bare[0].length)}` : rest, said: last.index + last[0].length, leads };
}

/** A day the caller tells of as past ("it went in Tuesday", "the guy who came Monday"): no day asked for. */
const PAST_VERB = '(came|went in|was (here|out|installed|done|put in)|were (here|out)|installed|happened|visited|started)';
export const TELLS_PAST = new RegExp(`\\b${PAST_VERB}\\b`, 'i');
const TOLD_AS_PAST = new RegExp(`\\b${PAST_VERB}\\s+(on |last )?$`, 'i');

/** Whether the words right before a time say what it is the time of. */
const phraseAt = (sentence: string, m: TimeMention) => {
  const lower = sentence.toLowerCase();
  const phrase = m.phrase.toLowerCase();
  // The phrase is of the rewritten text ("around 9:30" is read as "at 9:30"): without its preposition it is the words said.
  return lower.includes(phrase) ? lower.indexOf(phrase) : lower.indexOf(phrase.replace(/^(at|on) /, ''));
};
const saidAfter = (sentence: string, m: TimeMention, words: RegExp) => {
  const at = phraseAt(sentence, m);
  return at > 0 && words.test(sentence.slice(0, at));
};
/** "the water heater you installed Friday at 2": a time said right after a verb of the past is when that was. */
export const toldAsPast = (sentence: string, m: TimeMention) => saidAfter(sentence, m, TOLD_AS_PAST);
/** "I said Thursday, not Tuesday": a day denied. */
const NOT_BEFORE = /\b(not|never)\s+(on\s+)?$/i;
/** "The estimate Thursday at 9, and if you go ahead we'd pencil the install for Monday at 8": a visit that hangs on the first. */
const DEPENDS_BEFORE =
  /\bif (you|y'all|they) (go ahead|decide to|approve|proceed|sign|accept|like (the|our) (price|quote|estimate|proposal)|want to (go ahead|proceed))\b[^.?!]*$/i;
/** "The install Friday at 8 if the unit's in stock": a visit that hangs on a part, said after its time. */
const DEPENDS_AFTER =
  /^[^.?!]{0,12}?\b(if|once|when|as soon as) (the|your|our) (unit|part|parts|equipment|permit|materials?|order)('s| is| are| comes?| arrives?)/i;
/**
 * "Our office manager will call you Thursday at 2", "done by noon", "not Tuesday", "if you go
 * ahead, the install Monday at 8": a phone call's time, a limit, a day denied or a visit that
 * hangs on another is no visit's.
 */
export const ofNoVisit = (sentence: string, m: TimeMention) =>
  [PHONE_CALL_BEFORE, LIMIT_BEFORE, NOT_BEFORE, DEPENDS_BEFORE].some((words) => saidAfter(sentence, m, words)) ||
  DEPENDS_AFTER.test(sentence.slice(phraseAt(sentence, m) + m.phrase.length));
