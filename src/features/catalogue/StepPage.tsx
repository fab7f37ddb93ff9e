import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messageIds';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';

type Props = { headingId: MessageId; subheadingId?: MessageId };

/** A checkout or catalogue step's heading and sub-heading, the frame every step is built in. */
export function StepPage({ headingId, subheadingId }: Props) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: headingId }));
  return (
    <section>
      <PageHeading
        subheading={subheadingId === undefined ? undefined : <FormattedMessage id={subheadingId} />}
      >
        <FormattedMessage id={headingId} />
      </PageHeading>
    </section>
  );
}
