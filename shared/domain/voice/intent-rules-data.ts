/**
 * The phrasings the rule-based responder reads intents by (transcript-reading.ts): data, one
 * rule per way of saying a thing, each with what it means in words an operator reads.
 */

export interface Rule {
  readonly pattern: RegExp;
  readonly what: string;
}
export const VOICEMAIL: readonly Rule[] = [
  { pattern: /\b(leave|record) (me |us )?(a|your) (brief |short )?message\b/i, what: 'a voicemail greeting' },
  { pattern: /\bafter the (tone|beep)\b/i, what: 'a voicemail greeting' },
  { pattern: /\b(can't|cannot|can not) (come to|get to|take) the phone\b/i, what: 'a voicemail greeting' },
  { pattern: /\bmailbox (is full|has not been set up)\b/i, what: 'a full or unset mailbox' },
  { pattern: /\bdej(e|a) (su|tu|un) mensaje\b|\bdespués del tono\b/i, what: 'a voicemail greeting (Spanish)' },
];

export const WRONG_NUMBER: readonly Rule[] = [
  {
    pattern:
      /\b(apply|applying) (for|to) (a |the |your )?(\w+ )?(job|position|opening|role)\b|\b(are you|you're|you are|you guys) hiring\b|\bmy (resume|résumé|job application)\b|\bjob (application|interview)\b/i,
    what: 'a job seeker, not a customer',
  },
  { pattern: /\bwrong number\b/i, what: 'the caller says it is a wrong number' },
  {
    pattern:
      // "Calling for my mom" is calling on her behalf; only trying to reach her is a wrong number.
      /\b(i was|i'm|i am) ((trying to|looking for) (reach |call )?(the |a )?(pharmacy|pizza|doctor|dentist|bank|school|restaurant|someone else|my (mom|sister|brother|friend))|calling for (the |a )?(pharmacy|pizza|doctor|dentist|bank|school|restaurant|someone else))/i,
    what: 'the caller wanted someone else',
  },
  { pattern: /\bn[uú]mero equivocado\b|\bme equivoqu[eé] de n[uú]mero\b/i, what: 'the caller says it is a wrong number (Spanish)' },
  { pattern: /\b(i )?(never|didn't|did not) (call|request|ask for) (you|any|a|this)\b/i, what: 'the caller did not ask for the call' },
  {
    pattern:
      /\b(i'm|i am|this is \w+|calling) (calling )?(from|with) [^.?!]{0,40}\b(agency|marketing|leasing|solutions|software|media|seo|advertising|capital|financing|lead gen\w*)\b|\bwe help (local )?(businesses|contractors|companies|plumbers|electricians|hvac)\b|\b(a quick demo|(\d+|ten|fifteen|twenty|thirty)[- ]minute (demo|call|meeting)|partnership opportunity|business loan|merchant services)\b|\b(get|bring|send) (you |your (company|business) )?(more|extra) (leads|booked jobs|jobs|customers|calls|reviews)\b|\byour (google|yelp|online) (listing|ranking|profile|presence)\b|\bwho (handles|is in charge of|does) (your )?(marketing|advertising|purchasing|payroll)\b/i,
    what: 'a sales call, not a customer',
  },
];

export const CANCELLATION: readonly Rule[] = [
  {
    pattern:
      /\bcancel+(ing)? (my|the|our|that|this)( \w+)? (appointment|visit|service call|booking|inspection|tune[- ]?up|install(ation)?)\b/i,
    what: 'asks to cancel an appointment',
  },
  { pattern: /\b(need|want|have|like) to cancel\b/i, what: 'asks to cancel' },
  { pattern: /\bcall (it|that|this|that one|this one|them) off\b/i, what: 'asks to call off a visit' },
  {
    pattern:
      /(?<!\b(don't|do not|not) )\b(call(ing)? off|cancel+(ing)?)\b[^.?!]{0,30}\b(visit|appointment|booking|service( call)?|tune[- ]?up|inspection|estimate|tech\w*|plumber|electrician|job|work|repair|install\w*)\b/i,
    what: 'asks to call off a visit',
  },
  {
    pattern:
      /\b(don't|do not|no longer|won't|will not) (be )?need(ing)? (the|that|my|our|this|[a-z]+'s)( \w+)? (appointment|visit|technician|tech|plumber|electrician)\b/i,
    what: 'no longer needs the visit',
  },
  {
    pattern:
      /(?<!\b(don't|do not|not|no need to) )\bcancel+(ing)? (it|that|this|(this |next |on )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)('s)?)\b/i,
    what: "asks to cancel a day's visit",
  },
  {
    // "I can't make tomorrow's appointment. I'll call back to reschedule.": the visit is off; a new time said in the call makes it a reschedule.
    pattern: /\b(can't|cannot|can not|won't be able to) make (my|the|our|that|[a-z]+'s)( \w+)? (appointment|visit|booking)\b/i,
    what: 'cannot make the visit',
  },
  {
    pattern: /\b(take|cross) (me|us|it|that|our \w+|my \w+) off (the|your) (calendar|schedule|books|list)\b/i,
    what: 'asks to be taken off the schedule',
  },
  {
    pattern:
      /\b(went|decided to go|we're going|we are going) with (someone|somebody|another|a different|a cheaper|the other) ?(else|company|contractor|plumber|electrician|guy|one)?\b|\b(found|hired|got) (someone|somebody) else\b/i,
    what: 'went with someone else',
  },
  {
    pattern:
      /\b(hold|holding) off on (the|my|our|this|that|[a-z]+'s)( \w+)? (appointment|visit|booking|service call|install\w*|job)\b|\b(appointment|visit|booking|service call)( \w+)? (isn't|is not|won't be|will not be|is no longer) needed\b/i,
    what: 'no longer needs the visit',
  },
  {
    pattern:
      /\b(you )?(don't|do not|won't) need to (send|come)\b|\bno need to (send|come)\b|\b(don't|do not) (bother )?send(ing)? (anyone|anybody|someone|somebody|a tech\w*|the tech\w*|a plumber|an electrician)\b|\b(please )?(don't|do not) (bother )?(come|show up|stop by)( out| over| by)?\b(?! (before|after|until|till|earlier|later|early|late|between|at|in the))/i,
    what: 'says nobody needs to come',
  },
  {
    pattern: /\b(never ?mind|remove|drop|delete|scrap) (the|my|our|that|this|[a-z]+'s)( \w+)? (appointment|visit|booking|service call)\b/i,
    what: 'asks to drop an appointment',
  },
  {
    pattern: /\bcancelar (mi|la|nuestra) (cita|visita)\b|\bquiero cancelar\b|\bya no (necesito|necesitamos|hace falta) (la|el|que)\b/i,
    what: 'asks to cancel an appointment (Spanish)',
  },
];

export const RESCHEDULE: readonly Rule[] = [
  { pattern: /\breschedul(e|ing)\b/i, what: 'asks to reschedule' },
  {
    pattern: /\b(move|change|push|switch|bump) (my|the|our|that)( \w+)? (appointment|visit|booking)\b/i,
    what: 'asks to move an appointment',
  },
  { pattern: /\b(move|push|bump) it (back|up|to)\b/i, what: 'asks to move an appointment' },
  {
    pattern:
      /\b(can't|cannot|can not|won't be able to) make (my|the|our|that|[a-z]+'s)( \w+)? (appointment|visit|booking)\b[^.?!]*\b(different|another|other|new) (day|time|date)\b/i,
    what: 'asks for another day for an appointment',
  },
  { pattern: /\b(cambiar|mover|reprogramar) (mi|la) (cita|visita)\b|\breprogramar\b/i, what: 'asks to move an appointment (Spanish)' },
];

export const COMPLAINT: readonly Rule[] = [
  { pattern: /\b(complain|complaint|queja)\b/i, what: 'a complaint' },
  {
    pattern:
      /\b(not happy|unhappy|disappointed|(?<!\b(traffic|weather|commute|parking|the roads?|heat|cold|humidity)('s| is| was| gets| has been) )(terrible|awful|horrible)|unacceptable|ridiculous|rude|unprofessional|hung up on (me|us)|fed up|sloppy|shoddy|lousy|careless|(poor|bad|crappy|half-assed) (job|work|workmanship)|(frustrated|upset|annoyed|angry|furious) (with|at|about) (you|your|the (service|company|tech\w*|plumber|electrician|crew|work|job))|molest[oa] con|enojad[oa] con)\b/i,
    what: 'dissatisfaction',
  },
  {
    pattern:
      /\b(worse|same (noise|sound|problem|issue|leak|smell|thing)|again|still(?! (under|covered|good|valid|in) ))\b[^.?!]{0,60}\b(you|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|company)|he|she|they) (installed|fixed|repaired|replaced|worked on|touched|serviced|came|was here|were here)\b|\b(you|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|company)) (installed|fixed|repaired|replaced|worked on|serviced)\b[^.?!]{0,60}\b(worse|same (noise|sound|problem|issue|leak|smell|thing)|again|still)\b|\b(didn't (even )?finish|never finished|left (it|the job) (half[- ]done|unfinished))\b/i,
    what: 'work that did not hold',
  },
  {
    pattern:
      /\b(charged|billed|paid) (me |us )?for (a|an|the|some)\b[^.?!]{0,40}\b(never|wasn't|weren't|not|didn't)\b|\b(charged|billed) (me |us )?(too much|extra|double)\b/i,
    what: 'a billing dispute',
  },
  {
    pattern:
      /\b(no one|nobody|no-one) (has |have )?(ever )?(came|come|comes|showed|shows|called|calls|arrived|turned up|got back|gets back|gotten back|called (me |us )?back|returned my calls?)\b|\bwaited (all day|all morning|all afternoon|from \d)/i,
    what: 'a missed visit',
  },
  {
    pattern: /\b(bill|invoice|charges?|charged)\b[^.?!]{0,60}\b(wrong|not right|too (much|high)|mistake|error)\b|\bthat's not right\b/i,
    what: 'a billing dispute',
  },
  {
    pattern:
      /\b(bill|invoice|charged?)\b[^.?!]{0,60}\b(quote|quoted|estimate)\b|\b(quote|quoted|estimate)\b[^.?!]{0,60}\b(bill|invoice|charged?)\b|\bnot what (we|you|he|she|they|your \w+) (agreed|quoted|said|told (me|us))\b|\b(bill|invoice|charges?|estimate|quote)\b[^.?!]{0,40}\b(higher|more) than (what )?(you|your|he|she|they|we were|i was|the)\b|\b(want|need|like) (my|our) money back\b/i,
    what: 'a billing dispute',
  },
  {
    pattern:
      /\b(showed up|arrived|came|got here)\b[^.?!]{0,25}\blate\b|\b(tech\w*|plumber|electrician|guy|crew|installer)s? (was|were) ([\w-]+ ){0,3}late\b/i,
    what: 'a late visit',
  },
  {
    pattern: /\b(after|since) (you|your \w+) (fixed|repaired|worked on|installed|replaced)\b/i,
    what: 'a repair that did not hold',
  },
  { pattern: /\b(tracked|left|got) (mud|dirt|muck|grease|a mess)\b/i, what: 'damage left behind' },
  {
    // Money wanted back is a dispute; a refund already issued and asked after is not.
    pattern:
      /\b(overcharg\w*|(i'm|i am|we're|we are) not (paying|going to pay|gonna pay)|(i|we) (won't|will not|refuse to) pay|charged (me )?twice|double[- ]charged|(want|need|get|demand|asking for|expect) (a |my |our |the )?(full )?refund|refund (me|us|my|our)|reembolso|cobraron de m[aá]s)\b/i,
    what: 'a billing dispute',
  },
  {
    pattern:
      /\b((didn't|did not|never) (even |actually |really )?(got |get )?(fix|repair)(ed)?|(is|it's|was|wasn't|isn't) not even (fixed|repaired|working|done|finished)|same problem (again|as before)|sigue (goteando|fallando|sin funcionar))\b/i,
    what: 'a repair that did not hold',
  },
  {
    // A call or visit promised and never made, not a promise only asked after ("when should I expect it?").
    pattern:
      /\b(promised|told|said)\b[^.?!]{0,60}\b(call|get back|come|reach out|send)\w*\b[^.?!]{0,50}\b(never|no one did|nobody did|no one has|nobody has|didn't|did not|hasn't|has not|haven't|have not)\b/i,
    what: 'a call back promised and never made',
  },
  {
    pattern: /\b(never showed( up)?|no[- ]show|stood (me|us) up|nobody (came|showed)|no (vino|lleg[oó]) nadie)\b/i,
    what: 'a missed visit',
  },
  {
    // Damage is a complaint when the business did it, not when it is the job ("water damage on the ceiling").
    pattern:
      /\b(you|y'all|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|installer|worker)s?|the (guy|tech\w*|plumber|electrician|crew|installer|worker)s? you sent)\b[^.?!]{0,50}\b(mess|damage[ds]?|scratched|dented|broke|cracked|ruined|stained|tracked)\b|\b(mess|damage|scratch(es)?|dent|crack|stain)s? (left )?(by|from) (you|your|the (guy|tech\w*|plumber|electrician|crew|installer))\b|\bthe (plumber|tech\w*|electrician|installer|crew|guy|worker)s? (broke|cracked|scratched|dented|ruined|stained|damaged)\b|\bdejaron un desastre\b/i,
    what: 'damage left behind',
  },
];

export const ESCALATION =
  /\b(manager|supervisor|owner|lawyer|attorney|better business bureau|bbb|bad review|review online|(one|1|zero)[- ]star|(leave|leaving|write|writing|post|posting) (a |an )?(\w+ )?review|(whoever|someone|somebody|person) (is )?in charge|your boss|gerente|abogado|encargado)\b/i;

/** A visit read only from the caller taking a time ("that works"): a visit where the turns put a time on the table. */
export const ACCEPTS_OFFER = 'accepts a time offered';

export const VISIT: readonly Rule[] = [
  {
    // "Sure, but call me back tomorrow to set a time": the visit is taken, its time put to a call.
    pattern: /\b(call|text) me( back)?( \w+){0,2} to (set|schedule|book|pick|set up) (a |the )?(time|day|date|appointment|visit)\b/i,
    what: 'asks for a visit, its time to be set by a call',
  },
  {
    pattern:
      /\b(schedule|book|set up|make|get) (an |a |the )?(appointment|visit|service call|estimate|inspection|tune[- ]?up|cleaning|install(ation)?|time)\b/i,
    what: 'asks for an appointment',
  },
  {
    // "I want a tune up", not "do I need a tune up?": a visit wanted by name.
    pattern:
      /(?<!\b(do|does|should|would|will) )\b(i|we)('d| would)? (need|want|like) (an? |the |my |our )?(appointment|visit|service call|inspection|tune[- ]?up|check[- ]?up|cleaning|install(ation)?|maintenance visit)\b/i,
    what: 'asks for an appointment',
  },
  {
    pattern:
      /\b(send|get|book|schedule) (me |us )?(someone|somebody|a tech(nician)?|a plumber|an electrician|a guy|one of your (guys|techs))\b/i,
    what: 'asks for someone to be sent',
  },
  {
    pattern:
      /\b(can|could|would) (you|someone|somebody|anyone|anybody|a tech(nician)?|a plumber|an electrician|one of your (guys|techs)) (come|stop|swing|get)( out| by| over| here| take a look| look)?\b/i,
    what: 'asks for a visit',
  },
  {
    pattern:
      /\b(can|could|would) (you|y'all|someone|somebody|a tech\w*|a plumber|an electrician|one of your \w+)( guys| all| folks)? (please )?(take|have) a (look|peek|gander)\b/i,
    what: 'asks for a look at the problem',
  },
  {
    pattern:
      /\b(need|want|get) (someone|somebody|a tech\w*|a plumber|an electrician) (here )?(today|tonight|now|asap|right away|as soon as possible|fast|quick(ly)?|immediately|urgently|this (morning|afternoon|evening|week))\b/i,
    what: 'asks for someone to be sent',
  },
  { pattern: /\b(come|stop|swing) (out|by|over) (and|to) (take a look|look|check|fix|see)\b/i, what: 'asks for a visit' },
  {
    pattern:
      /\b(need|want|like|get)\b[^.?!]{0,40}\b(looked at|checked( out)?|serviced|fixed|repaired|installed|replaced|inspected|cleaned|tuned[ -]?up|looked over|put (in|on|up)|hung|swapped( out)?|taken care of|hooked up|mounted|wired)\b/i,
    what: 'asks for work on the house',
  },
  {
    pattern:
      /\b(someone|somebody|a tech\w*|a plumber|an electrician|you guys|one of your \w+)\b[^.?!]{0,25}\b(come|look|check|service|fix|repair|install|swing|stop by|head)\b/i,
    what: 'asks for a visit',
  },
  {
    pattern: /\b(any ?time|whenever)\b[^.?!]{0,30}\b(works|is fine|you have|you've got|you can|an opening)\b/i,
    what: 'asks for a visit at any time',
  },
  {
    pattern: /\b(need|want|like) (someone|somebody|a tech(nician)?|a plumber|an electrician) (out|over|here|to (come|look|check|fix))\b/i,
    what: 'asks for a visit',
  },
  {
    pattern:
      /\b(anyone|anybody|someone|somebody|a tech\w*|a plumber|an electrician|any (techs?|technicians?|plumbers?|electricians?))\b[^.?!]{0,20}\b(available|free)\b[^.?!]{0,25}\b(today|tonight|tomorrow|now|right away|this (morning|afternoon|evening|week)|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i,
    what: 'asks for someone available',
  },
  {
    pattern:
      /\b(is there )?(anyone|anybody|someone|somebody) (who|that) (can|could) (come|get (here|there|out)|be here|be there|stop by)\b/i,
    what: 'asks for someone available',
  },
  {
    pattern: /\b(that|which|the) (\w+ )?(works|sounds good|is fine|is perfect)( for me)?\b|\bbook (it|me in|me)\b|\blet'?s do (that|it)\b/i,
    what: ACCEPTS_OFFER,
  },
  {
    pattern:
      /\b(agendar|programar|hacer) (una )?(cita|visita)\b|\bpueden? venir\b|\bmand(ar|en) a alguien\b|\bnecesito (una cita|que vengan|un t[eé]cnico|un plomero|un electricista)\b|\bme sirve\b|\b(quiero|queremos|necesito|necesitamos) que (alguien (lo |la |los |las )?)?(vengan?|revisen?|arreglen?|chequen?|miren?|instalen?|manden?)\b/i,
    what: 'asks for a visit (Spanish)',
  },
];

/**
 * A booking the caller already has, asked about or named ("is my tech still coming tomorrow at
 * 10?", "what time is my appointment?"): its times are only mentioned, and the assistant's
 * "you're all set" about it books nothing new.
 */
export const BOOKING_ALREADY_MADE =
  /\b(already (have|got)|i have (an|my|the) (appointment|tech|technician|visit|someone|plumber|electrician)|(have|got) (the |a )?(tech|technician|someone|plumber|electrician) coming|my (appointment|visit) (is|was|on|for|from)|(for|about|on) my (appointment|visit|booking) (tomorrow|today|tonight|this|next|on|at|\w+day)\b|(appointment|visit) (from|on) |still (on|coming|scheduled|booked|happening)\b|(my|the|our) (tech\w*|plumber|electrician|guy|crew) (is|was|'s) (coming|scheduled|booked|due|supposed)|(when|what time) (is|was|will) (my|the|your) (appointment|visit|tech\w*|plumber|electrician)|(when|what time) (my|the|your) (appointment|visit|tech\w*|plumber|electrician) (is|was|will)|(i'm|i am|we're|we are) (already )?(scheduled|booked|on the (schedule|calendar)|down) for|(i|we) (already )?(booked|scheduled|made|set up) (an? |the |my |our )?(appointment|visit|booking|online)|(you|you guys|y'all) (have|had|got) (me|us) (down|scheduled|booked|on the (schedule|calendar))|cita del|ya tengo (una |mi )?cita|sigue en pie|(supposed|scheduled|due|set) to (come|be (here|there)|get here|arrive|show( up)?)|running late|confirm(ing)? (my|our|the) (appointment|visit|booking))/i;

/**
 * An errand on the account (a membership renewed, an address or card changed, a warranty
 * registered, an invoice sent): the assistant's "you're booked in", "confirmed" or "all set" about
 * it books no visit when the caller asked for none.
 */
export const ERRAND =
  /\b(renew\w* (my |the |our )?([\w-]+ ){0,3}(membership|plan|agreement|contract|subscription)|(update|change|correct) (the |my |our )?(address|phone|number|email|card|payment|billing|name|account)|register (the |my |our )?(warranty|product|unit)|(set up|sign up for|cancel) (my |the )?(autopay|auto-?pay|membership|plan)|(email|send|resend|mail) (me )?(a copy of )?(the |my |a )?(invoice|receipt|bill|statement)|(cambiar|actualizar) (mi|el|la) (n[uú]mero|direcci[oó]n|correo|tarjeta|cuenta))\b/i;

/**
 * The assistant confirming a visit: a booking ("you're booked"), someone sent now ("I'm
 * sending our on-call electrician", "someone is on the way", "someone will be there within the
 * hour", "le mando un electricista"), or a time promised later ("the dispatcher will call you with
 * a time", "let me get you rescheduled"): without a time the turns agree on, a visit requested. "You're all set" closes any request
 * (an address changed, a receipt sent): it confirms a visit only beside a time, which the turns read.
 */
export const AGENT_CONFIRMS =
  /\b(you're (booked|scheduled)|(sending|dispatching) (someone|somebody|a tech\w*|a plumber|an electrician|a crew|help) (now|right away|out|over|immediately)|(someone|somebody|a tech\w*|a plumber|an electrician|a crew|help|our (on-?call )?\w+|he|she|they)( is|'s| are| will be|'ll be)? (heading|headed) (over|out|your way|to you)|(someone|somebody|a tech\w*|a plumber|an electrician|a crew|help|our (on-?call )?\w+|he|she|they)( will|'ll) (be|come|stop|swing) (there|over|out|by|at your \w+)|(i'll|we'll|i will|we will|let me) (get|have) (someone|somebody|a tech\w*|a plumber|an electrician|a crew) (out|over|there|to you)|(le|les) (mando|env[ií]o|mandamos|enviamos) (a )?(un|una|alguien)|(have|get) (someone|somebody|a tech\w*|a plumber|an electrician|a crew) (there|out|over) (with)?in (an|the|half an|the next) hour|get you (re)?scheduled|(call|text|contact) you( back)?[^.?!]{0,40}? (with|to (set( up)?|schedule|book|arrange|find|pick)) (a |an |the )?(new |\w+ )?((time|day|date|slot|opening|option)s?|install\w*|appointment|visit)|(i'll|we'll|i will|we will) (send|have|get|bring) (?!(it|that|this|those|these|one|you)\b)(him|her|them|(the |our )?\w+) back (out|over|there|to you|tomorrow|today|on|at|\w+day)\b|(i'm|i am|we're|we are|i'll|i will|we'll|we will) (sending|send|dispatching|dispatch|getting) (someone|somebody|a tech\w*|our|the on-?call|an? (plumber|electrician|crew))|(someone|somebody|a tech\w*|a plumber|an electrician|help|a crew)( is|'s| are) on (the|their|his|her) way|i('ve| have) (booked|scheduled|got) you|i have you (down|booked|scheduled)|(booked|scheduled|confirmed) (you|your (appointment|visit))|we'll see you|the (technician|tech) will (be there|arrive|come)|(queda|est[aá]) (agendad|programad|confirmad|reservad)[oa]|lo esperamos|te esperamos)\b/i;

export const PRICE =
  /\b(how much|what do you charge|what (would|does|will) it cost|price|pricing|quote|estimate over the phone|ballpark|cu[aá]nto cuesta|cu[aá]nto cobran|precio)\b/i;
/**
 * Only the time put off ("let me check with my wife and call you back", "when I know my shifts"):
 * the work asked for stands, so the visit stays requested without a time. Declining the work
 * ("no thanks", "I'll think about it", "other quotes") asks for nothing.
 */
export const PUT_OFF =
  /\b(call (you )?back|check (with )?my (wife|husband|landlord|partner|calendar|schedule)|figure it out|(talk|speak) (to|with) my (wife|husband|partner)|consultar con|le(s)? llamo)\b/i;
export const LEAVES =
  /\b(call (you )?back|(have|need) to save up|more than (i|we) (thought|expected)|(can't|cannot) afford|(i'll|i will|we'll|can i|could i) let you know|maybe later|(just|only) (getting|gathering|collecting|comparing) (prices|quotes|estimates|numbers)|think about it|keep (that|it) in mind|shop(ping)? around|check with my (wife|husband|landlord|partner)|get (a few|other|some other) quotes|just (checking|wondering|curious)|not (right )?now|no thanks|thanks anyway|(i'll|i will|we'll|we will|i'm going to|we're going to|gonna)( just)? (find|call|try|go with|use|get) (someone|somebody) else|already (fixed|got|had) it( fixed)?|sold the house|(don't|do not) want (him|her|them|anyone|anybody|someone|somebody|you)( guys)? (back|here|in (my|our) house|to come)|lo pienso|lo voy a pensar|lo pensamos|le(s)? llamo despu[eé]s)\b/i;

/** Dissatisfaction said plainly: a complaint when the caller books nothing (the call is the complaint). */
export const UPSET =
  /\b(i'm|i am|we're|we are)( really| very| so| pretty| extremely| just)? (frustrated|upset|annoyed|angry|furious|disgusted|livid|fed up)\b|\b(estoy|estamos) (muy )?(molest|enojad|frustrad)[oa]s?\b/i;
/**
 * A worker named by the caller and the work done ("Tony replaced our disposal"): the business's own
 * work only when the assistant owns the fault, as a name alone may be anyone's. Case-sensitive: a
 * name is capitalised.
 */
export const NAMED_WORK =
  /\b(?!(I|It|He|She|They|We|You|Someone|Somebody|Nobody|Everyone|That|This|My|Our|Then|And|But|So)\b)[A-Z][a-z]+ (installed|fixed|repaired|replaced|serviced|worked on|put in|came (out|by))\b/;
/** The business's own earlier work ("you installed", "your tech was here", "the guy who came Monday"). */
export const PRIOR_WORK =
  /\b(you( guys)?|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|company|people)|y'all)( all)? (installed|fixed|repaired|replaced|worked on|serviced|came out|came by|were (just )?here|was (just )?here|put in|left|did|changed|swapped|rewired|hooked up|reset|adjusted|tightened|unclogged|snaked|(have|has|had) been (out|here|over))\b|\bthe (guy|tech\w*|plumber|electrician|crew|installer|worker|man|woman|lady) ((who|that) (came|was here|worked on|installed|fixed|you sent)|you sent)\b|\b(el|la) (t[eé]cnic[oa]|plomero|electricista) que (vino|mandaron|instal[oó]|arregl[oó])(?![\wáéíóúñ])|\b(been|was|were|got) ['"]?(fixed|repaired|serviced)\b|\bpaid (for )?(a|the|your) (tune[- ]?up|repair|service|install\w*)\b/i;
/**
 * A problem that is back or not gone ("still", "again", "worse", "the same problem", "the third
 * time"), or the work itself wrong ("it's the wrong model"): a complaint only beside the business's
 * own earlier work.
 */
export const PERSISTS =
  /\b(wrong (model|part|one|size|colou?r|unit|thing|kind|type)|(isn't|is not|wasn't|was not) the one (we|i) (picked|chose|ordered|asked for)|(second|third|fourth|fifth) time|again|still (\w+ing|not|doesn't|does not|won't|isn't|broken|leaks|drips|trips|has|makes|smells)|worse|same (noise|sound|problem|issue|leak|smell|thing)|came back|is back|sigue|otra vez)\b/i;

/**
 * The assistant owning a fault ("I'm so sorry, that should never happen", "that's on us"): beside
 * the business's own earlier work, what the caller said of it is a complaint even when a visit is
 * booked to put it right. A regret about the caller's luck ("sorry to hear that") owns nothing.
 */
export const AGENT_APOLOGY =
  /\b((i'm|i am|we're|we are) (so |very |really |truly |terribly )?sorry( about (that|this)| for (that|this|the))?(?! to hear)|(i|we) apologi[sz]e|my apologies|that's on us|(should|shouldn't) (never )?(have )?happen(ed)?|lo siento|disculpe)\b/i;

/**
 * Words that put a wish off ("at some point, not now"), ask what the business can do ("do you
 * have someone who installs..."), ask what was done ("did somebody check the valve?") or say a
 * habit ("I get it serviced every fall"): a visit said so is not asked for.
 */
export const HEDGED =
  /^\W*if (i|we) (called|needed|had|wanted)\b|^\W*(do|does|are|is there) (you|your|y'all|they)\b(?![^.?!]*\b(available|availability|free|opening|openings)\b)|\bdid (you|your \w+|y'all|they|someone|somebody|anyone|anybody|the (tech|guy|plumber|electrician)\w*|he|she)\b[^.?!]*\?|\bevery (fall|spring|summer|winter|year|month|season|time)\b|\b(might|at some point|someday|some day|not (right )?now|thinking (about|of)|down the road|for later|just (wondering|curious|checking))\b/i;

/**
 * The assistant's own triage: it was told what the business treats as an emergency, so "I'm
 * flagging this as urgent", "our on-call plumber" or "please leave the house" is one even when the
 * caller's words name no hazard the rules know.
 */
export const ASSISTANT_TRIAGE =
  /\b((flag|mark|treat|escalat|send|prioritiz|handl|log)\w* (this|it|your (call|request)) (as )?(an? )?(urgent|emergency|priority)|(as|this is|that's|that is|it's|it is) an? (emergency|priority)( call| request| visit)?\b|emergency (dispatch|crew|team|line|service|visit|call-?out|tech\w*|plumber|electrician)|on-?call (tech\w*|plumber|electrician|team|crew|staff|person|service)|(leave|get out of) the (house|home|building)|call 911|lo marco como (urgente|emergencia))\b/i;

/**
 * A question ("is this an emergency?"), a price ("emergency calls are $150") or a condition ("if it
 * sounds a full alarm, get out and call 911") is no triage.
 */
export const NOT_TRIAGE =
  /\?\s*$|^\W*(if|should|in case)\b|(^|\W)(is|are) (this|it|that) an? (emergency|urgent)\b|\$\s?\d|\b\d+ dollars\b/i;

/**
 * A customer turn that takes nothing on the table however it starts: "Okay, good to know. I'll call
 * back when I'm ready." An "okay" beside it acknowledges, it does not accept.
 */
export const DEFERS =
  /\b(good to know|(have|need) to (save up|wait|hold off|think)|more than (i|we) (thought|expected)|(i'll|i will|we'll|can i|could i) let you know|maybe later|(just|only) (getting|gathering|collecting|comparing) (prices|quotes|estimates|numbers)|(i'll|i will|we'll) keep (that|it) in mind|(i'll|i will|let me|we'll) (call|get back to) (you )?(back|later|when)|(i'll|i will|let me) (think about it|check with|talk to|ask) |lo pienso|lo voy a pensar|lo pensamos|le(s)? llamo despu[eé]s)/i;

/** A customer asking for another hour than the one offered. */
export const COUNTER =
  /\b(instead|how about|what about|(can|could|would) you (do|make it)|(can|could) (it|we) (be|do|make it)|(is|would) \d{1,2}(:\d{2})? (be )?(possible|ok(ay)?|available|better))\b/i;

/**
 * The hours named ("we're open Monday 8 to 5") or asked ("what are your hours on Saturday?",
 * "are you open Sunday?"): a day said so is no visit offered or asked for.
 */
export const OPENING_HOURS =
  /\b((we're|we are|we'll be) (open|closed)|we (open|close) at|(our|business|office) hours|what('re| are) your hours|your hours (on|for|this|next)|are (you|y'all) (guys )?(open|closed)|(what time|when) do (you|y'all) (guys )?(open|close))\b/i;

/** The assistant saying when it will do something itself ("I'll email both today"): the day is no visit offered. */
export const AGENT_ACTS_ITSELF =
  /\b(i'll|i will|we'll|we will) (email|text|mail|fax|call you|get back to you|follow up|send (it|them|both|that|you|a copy|the (invoice|receipt|quote|estimate|link|form)))\b/i;
