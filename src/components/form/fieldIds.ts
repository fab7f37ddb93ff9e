/**
 * DOM ids of a field and of the texts that describe it. Field names may be paths
 * ("address.postcode", "answers.q1"), which are not safe in `#fragment` links, hence the mapping.
 */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function hintIdOf(name: string): string {
  return `${fieldId(name)}-hint`;
}

export function errorIdOf(name: string): string {
  return `${fieldId(name)}-error`;
}

/** The value of aria-describedby: the hint first, then the error, skipping what is not shown. */
export function describedBy(name: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? hintIdOf(name) : undefined, hasError ? errorIdOf(name) : undefined].filter(
    (id) => id !== undefined,
  );
  return ids.length === 0 ? undefined : ids.join(' ');
}

/** The attribute focus management looks for: the first control marked so gets focus on a failed submit. */
export const INVALID_MARKER = 'data-invalid';
export const ERROR_SUMMARY_MARKER = 'data-error-summary';
