import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { FIND_TICKETS_PATH } from '@/config/paths';
import { ErrorPage } from './ErrorPage';

/** A buyer following an old link to their tickets is offered the way to get them again. */
export function NotFoundPage() {
  return (
    <ErrorPage titleId="errors.notFound.title" bodyId="errors.notFound.body">
      <p>
        <FormattedMessage
          id="errors.notFound.findTickets"
          values={{ link: (text) => <Link to={FIND_TICKETS_PATH}>{text}</Link> }}
        />
      </p>
    </ErrorPage>
  );
}

/** 5xx and network failures: worth trying again, so the retry is the main action. */
export function ServerErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorPage
      titleId="errors.server.title"
      bodyId="errors.server.body"
      action={{ labelId: 'common.retry', onClick: onRetry }}
    />
  );
}

export function UnknownErrorPage({ onRetry }: { onRetry?: () => void }) {
  return (
    <ErrorPage
      titleId="errors.unknown.title"
      bodyId="errors.unknown.body"
      action={onRetry === undefined ? undefined : { labelId: 'common.retry', onClick: onRetry }}
    />
  );
}

/** A script chunk never arrived; the browser caches the failed import, so only a reload helps. */
export function ChunkLoadFailedPage() {
  return (
    <ErrorPage
      titleId="errors.chunkLoad.title"
      bodyId="errors.chunkLoad.body"
      action={{ labelId: 'errors.chunkLoad.reload', onClick: () => window.location.reload() }}
    />
  );
}
