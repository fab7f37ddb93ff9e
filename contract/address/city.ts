/** Spec §5 and §9: "City must not be more than 40 characters long." */
export const CITY_MAX_LENGTH = 40;

/** Letters of any script, with the spaces, dots, apostrophes and hyphens of names such as "St. Mary's-on-Sea". */
const CITY_NAME = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

/**
 * Whether a US city is written as a name ("Please enter a valid City name" is US copy only, so
 * UK cities are checked for presence and length alone).
 */
export function isCityName(value: string | undefined): boolean {
  return CITY_NAME.test((value ?? '').trim());
}
