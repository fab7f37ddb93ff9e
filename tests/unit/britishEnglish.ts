/**
 * British spellings and terms a US buyer should not meet, each with the American word to use
 * instead. Shared by the unit test that reads every en-US text the shop has
 * (tests/unit/americanEnglish.test.ts) and the Chromium journey of a US buyer
 * (tests/e2e/americanEnglish.test.ts), so both hold every text to the same list.
 *
 * Each entry is matched case-insensitively on word boundaries; a stem ("recognis") stands for
 * its endings. Words American English shares ("cancellation", "theatre" in a British venue's
 * name) are left out or allowed by name below.
 */
interface BritishTerm {
  /** The British form as the list shows it. */
  british: string;
  /** What en-US says instead. */
  american: string;
  pattern: RegExp;
}

const term = (british: string, american: string, source = british): BritishTerm => ({
  british,
  american,
  // Letters or digits either side end a match, so "programmes" is found and "programmed" is not.
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'giu'),
});

export const BRITISH_TERMS: readonly BritishTerm[] = [
  // Spelling
  term('programme', 'program', 'programmes?'),
  term('cancelled', 'canceled', 'cancell(?:ed|ing)'),
  term('colour', 'color', 'colours?|colour(?:ed|ful|ing)'),
  term('favourite', 'favorite', 'favourites?'),
  term('centre', 'center', 'centres?'),
  term('theatre', 'theater', 'theatres?|pre-theatre'),
  term('metre', 'meter', '(?:kilo|centi)?metres?'),
  term('litre', 'liter', 'litres?'),
  term('catalogue', 'catalog', 'catalogues?'),
  term('licence', 'license', 'licences?'),
  term('defence', 'defense', 'defences?'),
  term('offence', 'offense', 'offences?'),
  term('cheque', 'check', 'cheques?'),
  term('enquiry', 'inquiry', 'enquir(?:y|ies|e|ed|es|ing)'),
  term('recognise', 'recognize', 'recognis(?:e|ed|es|ing|able)'),
  term('organise', 'organize', 'organis(?:e|ed|es|ing|ation|ations|er|ers)'),
  term('authorise', 'authorize', 'authoris(?:e|ed|es|ing|ation|ations)'),
  term('apologise', 'apologize', 'apologis(?:e|ed|es|ing)'),
  term('customise', 'customize', 'customis(?:e|ed|es|ing|ation)'),
  term('personalise', 'personalize', 'personalis(?:e|ed|es|ing|ation)'),
  term('realise', 'realize', 'realis(?:e|ed|es|ing)'),
  term('finalise', 'finalize', 'finalis(?:e|ed|es|ing)'),
  term('prioritise', 'prioritize', 'prioritis(?:e|ed|es|ing)'),
  term('summarise', 'summarize', 'summaris(?:e|ed|es|ing)'),
  term('minimise', 'minimize', 'minimis(?:e|ed|es|ing)'),
  term('maximise', 'maximize', 'maximis(?:e|ed|es|ing)'),
  term('utilise', 'utilize', 'utilis(?:e|ed|es|ing|ation)'),
  term('analyse', 'analyze', 'analys(?:e|ed|es|ing)'),
  term('travelled', 'traveled', 'travell(?:ed|ing|er|ers)'),
  term('labelled', 'labeled', 'labell(?:ed|ing)'),
  term('modelled', 'modeled', 'modell(?:ed|ing)'),
  term('enrol', 'enroll', 'enrol|enrols|enrolment|enrolments'),
  term('fulfil', 'fulfill', 'fulfil|fulfils|fulfilment'),
  term('instalment', 'installment', 'instalments?'),
  term('judgement', 'judgment', 'judgements?'),
  term('ageing', 'aging'),
  term('grey', 'gray'),
  term('jewellery', 'jewelry'),
  term('behaviour', 'behavior', 'behaviours?'),
  term('honour', 'honor', 'honours?|honoured'),
  term('labour', 'labor'),
  term('neighbour', 'neighbor', 'neighbours?|neighbourhoods?'),
  term('humour', 'humor'),
  term('flavour', 'flavor', 'flavours?'),
  term('harbour', 'harbor', 'harbours?'),
  term('whilst', 'while'),
  term('amongst', 'among'),
  term('learnt', 'learned'),
  // Words and phrases
  term('basket', 'cart', 'baskets?'),
  term('postcode', 'ZIP code', 'postcodes?|post codes?'),
  term('by post', 'by mail'),
  term('in the post', 'in the mail'),
  term('post tickets', 'mail tickets', 'post (?:your |the )?tickets'),
  term('posted to', 'mailed to'),
  term('expiry date', 'expiration date'),
  term('forgotten your password', 'forgot your password'),
  term('call us on', 'call us at'),
  term('collect tickets', 'pick up tickets', 'collect (?:your |the )?tickets|collect (?:from|at)'),
  term('working days', 'business days'),
  term('straight away', 'right away'),
  term('start again', 'start over'),
  term('at the weekend', 'on the weekend'),
  term('fortnight', 'two weeks'),
  term('queue', 'line', 'queues?|queued|queuing|queueing'),
  term('interval', 'intermission', 'intervals?'),
  term('stalls', 'orchestra'),
  term('dress circle', 'mezzanine'),
  term('upper circle', 'balcony'),
  term('seating plan', 'seating chart', 'seating plans?'),
  term('restricted view', 'partial view'),
  term('step-free', 'no steps', 'step-free'),
  term('cloakroom', 'coat check'),
  term('toilets', 'restrooms', 'toilets?'),
  term('pushchair', 'stroller', 'pushchairs?'),
  term('car park', 'parking lot', 'car parks?'),
  term('surname', 'last name'),
  term('town/city', 'city'),
  term('general sale', 'sale to the public'),
  term("what's on", 'shows', "what[’']s on"),
  term('ending 1234', 'ending in 1234', 'ending (?:\\d{4}|\\{\\w+\\})'),
  term('nothing has been taken', 'you have not been charged'),
];

/** Proper names that keep their own spelling wherever they appear (a London theatre's name). */
export const PROPER_NAMES: readonly string[] = ['The Lumen Theatre', 'Lumen Theatre'];

export interface BritishFinding {
  /** The British form as written in the text. */
  found: string;
  british: string;
  american: string;
}

/** Every British spelling or term in `text`, proper names left out. */
export function britishTermsIn(text: string): BritishFinding[] {
  let checked = text;
  for (const name of PROPER_NAMES) checked = checked.split(name).join(' ');
  return BRITISH_TERMS.flatMap(({ british, american, pattern }) =>
    [...checked.matchAll(pattern)].map((match) => ({ found: match[0], british, american })),
  );
}

/** One line per finding: where it is, the word, and what en-US says instead. */
export function describeFindings(where: string, findings: BritishFinding[]): string[] {
  return findings.map(
    ({ found, american }) => `${where}: "${found}" is British; en-US says "${american}"`,
  );
}
