import type { LoadErrorCode } from '@/api/errors';
import { NotFoundPage, ServerErrorPage, UnknownErrorPage } from './errorPages';

type Props = { error: LoadErrorCode | null; onRetry: () => void };

/** Maps a failed read to the spec's page: 404 → not found, 5xx/network → server error, else unknown. */
export function LoadFailure({ error, onRetry }: Props) {
  switch (error) {
    case 'not_found':
      return <NotFoundPage />;
    case 'server':
    case 'network':
    case 'timeout':
      return <ServerErrorPage onRetry={onRetry} />;
    default:
      return <UnknownErrorPage onRetry={onRetry} />;
  }
}
