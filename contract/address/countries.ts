import type { Region } from '../regions';

/**
 * Country rules shared by the checkout forms and the booking API (zod- and React-free, so the
 * SPA's checkout chunk and the server check exactly the same thing).
 */

/** The country whose addresses, postcodes and phone numbers a venue's checkout takes by default. */
export type HomeCountry = 'GB' | 'US';

/** UK venues take UK addresses and numbers; every US region takes US ones. */
export function homeCountryOf(region: Region): HomeCountry {
  return region === 'uk' ? 'GB' : 'US';
}

/**
 * ISO 3166-1 codes offered in the country list; their names come from Intl.DisplayNames in the
 * buyer's locale, so no country name is hard-coded or needs translating.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/**
 * Where tickets may be posted (spec §5: post only within the UK, mail only within the US). Royal
 * Mail delivers to Guernsey, Jersey and the Isle of Man at inland rates, so they count as the UK;
 * US territories are reached through the state list (USPS treats them as states).
 */
export const POSTAL_COUNTRIES: Record<HomeCountry, readonly string[]> = {
  GB: ['GB', 'GG', 'JE', 'IM'],
  US: ['US'],
};

/** USPS state codes with their names (proper nouns, the same in every locale). */
export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['VI', 'U.S. Virgin Islands'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const STATE_CODES = new Set(US_STATES.map(([code]) => code));

export function isUsState(code: string | undefined): boolean {
  return code !== undefined && STATE_CODES.has(code);
}

/** Country options for a select, named in `locale` and sorted by name; the venue's country first. */
export function countryOptions(
  locale: string,
  homeCountry: HomeCountry,
): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  options.sort((a, b) =>
    a.value === homeCountry ? -1 : b.value === homeCountry ? 1 : collator.compare(a.label, b.label),
  );
  return options;
}
