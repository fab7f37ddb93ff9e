import type { MessageId } from '@/i18n/messageIds';

/**
 * What a validation rule says is wrong, as a react-intl descriptor rather than text: the schemas
 * stay free of any locale, and the one form-field component formats it in the venue's language
 * (style.md: yup's setLocale returns message descriptors; one form-field component formats them).
 */
export type FieldMessage = {
  id: MessageId;
  values?: Record<string, string | number>;
};

export function fieldMessage(id: MessageId, values?: FieldMessage['values']): FieldMessage {
  return values === undefined ? { id } : { id, values };
}

/** Formik types errors as strings; this is where a stored descriptor is recognised again. */
export function isFieldMessage(value: unknown): value is FieldMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { id, values } = value as { id?: unknown; values?: unknown };
  return typeof id === 'string' && (values === undefined || typeof values === 'object');
}
