import { object, string } from 'yup';
import '@/components/form/validation/yupLocale';
import { fieldMessage } from '@/components/form/validation/fieldMessage';

/** The one field of the step; '' until the buyer answers (nothing is chosen for them). */
export const PROTECTION_FIELD = 'ticketProtection';

export type ProtectionValues = { [PROTECTION_FIELD]: '' | 'yes' | 'no' };

// "Please select an answer" (spec §5, questions) is the catalogue's message for an unanswered choice.
const unanswered = fieldMessage('validation.question.select');

export const protectionSchema = object({
  [PROTECTION_FIELD]: string().required(unanswered).oneOf(['yes', 'no'], unanswered),
});
