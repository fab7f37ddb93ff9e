/**
 * `viewFromSeat.themes` names the parts of the house that have a "view from seat" picture set:
 * a seat's level ("Dress Circle" → `dress-circle`) or a general-admission area ("Standing
 * floor" → `standing-floor`), as a slug. Without themes every part has one.
 */
export function viewTheme(placeName: string): string {
  return placeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function hasViewPicture(themes: readonly string[] | undefined, placeName: string): boolean {
  return themes === undefined || themes.includes(viewTheme(placeName));
}
