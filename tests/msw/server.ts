import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { setupServer } from 'msw/node';
import { authHandlers, resetAuth } from './auth';
import { takeContractViolations } from './contract';
import { detailsHandlers } from './details';
import { handlers } from './handlers';
import { basketHandlers, inventoryHandlers } from './inventory';
import { orderHandlers } from './orders';
import { paymentMethodsHandlers } from './paymentMethods';

export const server = setupServer(
  ...handlers,
  ...inventoryHandlers,
  ...basketHandlers,
  ...detailsHandlers,
  ...orderHandlers,
  ...paymentMethodsHandlers,
  ...authHandlers,
);

/** Call at the top of a test file: any request without a handler fails the test loudly. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  // A handler answered with a shape the server's schema refuses: the test fails with the
  // schema's message, after the other hooks have cleaned up (a throwing afterEach skips them).
  beforeEach(() =>
    onTestFinished(() => {
      const refused = takeContractViolations();
      if (refused.length > 0) throw new Error(refused.join('\n\n'));
    }),
  );
  afterEach(() => {
    server.resetHandlers();
    resetAuth();
  });
  afterAll(() => server.close());
}
