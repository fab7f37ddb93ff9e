import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  emailName,
  type PasswordRefusal,
} from '@contract/passwords';
import { fieldMessage as m, type FieldMessage } from './fieldMessage';

/** What the buyer is told for each refusal of the account password rules (contract/passwords). */
export function passwordMessage(refusal: PasswordRefusal, email: string): FieldMessage {
  switch (refusal) {
    case 'required':
      return m('signUp.panel.password.required');
    case 'tooShort':
      return m('signUp.panel.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'tooLong':
      return m('signUp.panel.password.tooLong', { max: PASSWORD_MAX_LENGTH });
    case 'containsEmailName':
      return m('signUp.panel.password.containsEmailName', { name: emailName(email) });
    case 'common':
      return m('signUp.panel.password.common');
  }
}
