import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { inventoryHandlers } from './inventory';

export const server = setupServer(...handlers, ...inventoryHandlers);

/** Call at the top of a test file: any request without a handler fails the test loudly. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
