/**
 * UK postcodes as Royal Mail delivers them. Checked before writing this: the maintained `postcode`
 * package (ideal-postcodes) and `postcode-validator` test only the general shape, so they refuse
 * GIR 0AA, BFPO numbers and the overseas territories' codes, and accept areas that do not exist
 * (QQ1 1QQ). Here the shape is checked against the real postcode areas, plus the odd forms.
 */

export type PostcodeVerdict = 'empty' | 'valid' | 'foreign' | 'invalid';

/** The 121 UK postcode areas, the Crown Dependencies (GY, JE, IM), BF (forces), BX (non-geographic) and GX (Gibraltar). */
const AREAS = new Set(
  (
    'AB AL B BA BB BD BF BH BL BN BR BS BT BX CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY ' +
    'E EC EH EN EX FK FY G GL GU GX GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE ' +
    'LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM ' +
    'SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
);

/** Inward code: a digit and two letters that never use C, I, K, M, O or V. */
const INWARD = '\\d[ABD-HJLNP-UW-Z]{2}';

/**
 * Outward code forms: A9, A99, AA9, AA99, and the sub-district forms A9A and AA9A whose last
 * letter has its own alphabet. The area is captured and checked against AREAS.
 */
const STANDARD = [
  new RegExp(`^([A-Z]{1,2})\\d{1,2}${INWARD}$`),
  new RegExp(`^([A-Z])\\d[ABCDEFGHJKPSTUW]${INWARD}$`),
  new RegExp(`^([A-Z]{2})\\d[ABEHMNPRVWXY]${INWARD}$`),
];

/** Girobank's historic code, still in use. */
const GIROBANK = 'GIR0AA';

/** British Forces Post Office numbers: "BFPO 1234". */
const BFPO = /^BFPO(\d{1,4})$/;

/** British Overseas Territories that use a UK-style postcode (Gibraltar's GX11 1AA is standard). */
const OVERSEAS_TERRITORIES = new Set([
  'ASCN1ZZ', // Ascension Island
  'BBND1ZZ', // British Indian Ocean Territory
  'BIQQ1ZZ', // British Antarctic Territory
  'FIQQ1ZZ', // Falkland Islands
  'PCRN1ZZ', // Pitcairn Islands
  'SIQQ1ZZ', // South Georgia and the South Sandwich Islands
  'STHL1ZZ', // St Helena
  'TDCU1ZZ', // Tristan da Cunha
  'TKCA1ZZ', // Turks and Caicos Islands
]);

/**
 * Postal codes of other countries that a buyer may type by habit: all digits (US ZIP, most of
 * Europe, Australia), Dutch "1234 AB", Canadian "K1A 0B1" and Irish Eircodes "D02 X285". These
 * get "Valid UK postcodes only" rather than "Please enter a valid postcode".
 */
const FOREIGN = [
  /^[\d-]{3,10}$/,
  /^\d{4}[A-Z]{2}$/,
  /^[A-Z]\d[A-Z]\d[A-Z]\d$/,
  /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[\dAC-FHKNPRTV-Y]{4}$/,
];

/** Upper case without any spaces: the form every rule above is written for. */
function compact(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function isUkPostcode(code: string): boolean {
  if (code === GIROBANK || OVERSEAS_TERRITORIES.has(code) || BFPO.test(code)) return true;
  return STANDARD.some((form) => {
    const area = form.exec(code)?.[1];
    return area !== undefined && AREAS.has(area);
  });
}

export function checkUkPostcode(value: string | undefined): PostcodeVerdict {
  const code = compact(value ?? '');
  if (code === '') return 'empty';
  if (isUkPostcode(code)) return 'valid';
  return FOREIGN.some((pattern) => pattern.test(code)) ? 'foreign' : 'invalid';
}

/** "sw1a2aa" → "SW1A 2AA", "bfpo1234" → "BFPO 1234"; anything that is not a UK postcode is returned as typed. */
export function formatUkPostcode(value: string): string {
  const code = compact(value);
  if (!isUkPostcode(code)) return value;
  const bfpo = BFPO.exec(code);
  if (bfpo !== null) return `BFPO ${bfpo[1]}`;
  return `${code.slice(0, -3)} ${code.slice(-3)}`;
}
