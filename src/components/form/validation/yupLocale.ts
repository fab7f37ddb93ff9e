import { setLocale } from 'yup';
import { fieldMessage } from './fieldMessage';

/**
 * Every rule in these schemas names its own spec message. This is the safety net for a rule that
 * forgets to: yup's built-in English ("this is a required field") must never reach a buyer, so
 * every default becomes the generic descriptor, formatted like any other.
 */
const fallback = () => fieldMessage('validation.field.invalid');

setLocale({
  mixed: {
    default: fallback,
    required: fallback,
    defined: fallback,
    notNull: fallback,
    oneOf: fallback,
    notOneOf: fallback,
    notType: fallback,
  },
  string: {
    length: fallback,
    min: fallback,
    max: fallback,
    matches: fallback,
    email: () => fieldMessage('validation.email.invalid'),
    url: fallback,
    trim: fallback,
    lowercase: fallback,
    uppercase: fallback,
  },
  boolean: { isValue: fallback },
  object: { noUnknown: fallback },
  array: { min: fallback, max: fallback, length: fallback },
});
