import { useIntl } from 'react-intl';
import type { FieldMessage } from '@/components/form/validation/fieldMessage';

/**
 * The one place a validation descriptor becomes text in the venue's language (style.md). Every
 * field's error and every line of the error summary goes through it.
 */
export function FieldMessageText({ message }: { message: FieldMessage }) {
  const intl = useIntl();
  return <>{intl.formatMessage({ id: message.id }, message.values)}</>;
}
