import { FormattedMessage, useIntl } from 'react-intl';
import { useRequiredRouteTarget } from '@/app/useRouteTarget';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { LoadFailure } from '@/features/errors/LoadFailure';
import { useShowContent } from '@/features/show/useShowContent';

/** Choosing a performance date; the calendar itself arrives with its issue. */
export default function CalendarPage() {
  const target = useRequiredRouteTarget();
  const { show, isCurrent, retry } = useShowContent(target);
  if (isCurrent && show.status === 'failed')
    return <LoadFailure error={show.error} onRetry={retry} />;
  if (!isCurrent || show.data === null) return <LoadingBlock minHeight="24rem" />;
  return <CalendarHeading showTitle={show.data.title} />;
}

function CalendarHeading({ showTitle }: { showTitle: string }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'calendar.documentTitle' }, { showTitle }));
  return (
    <section>
      <PageHeading subheading={showTitle}>
        <FormattedMessage id="steps.calendar.heading" />
      </PageHeading>
      <p>
        <FormattedMessage id="steps.calendar.subheading" />
      </p>
    </section>
  );
}
