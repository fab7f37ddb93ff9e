import { FormattedMessage } from 'react-intl';
import type { MessageId } from '@/i18n/messageIds';

/**
 * A label, hint or legend: a catalogue id, or text that arrives already written (a venue's own
 * question, its eTicketDescription, a country name from Intl.DisplayNames).
 */
export type FieldText = MessageId | { text: string };

export function FieldTextView({ text }: { text: FieldText }) {
  return typeof text === 'string' ? <FormattedMessage id={text} /> : <>{text.text}</>;
}
