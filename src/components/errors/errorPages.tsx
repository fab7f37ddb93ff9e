import { ErrorPage } from './ErrorPage';

export function NotFoundPage() {
  return <ErrorPage titleId="errors.notFound.title" bodyId="errors.notFound.body" />;
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
