import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import { detailsHandlers } from './details';
import { handlers } from './handlers';
import { basketHandlers, inventoryHandlers } from './inventory';
import { orderHandlers } from './orders';

export const server = setupServer(
  ...handlers,
  ...inventoryHandlers,
  ...basketHandlers,
  ...detailsHandlers,
  ...orderHandlers,
);

/** Call at the top of a test file: any request without a handler fails the test loudly. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
