import type { Database } from '../db/database';
import type { PaymentConfig } from './config';
import { SandboxProvider } from './sandbox/sandboxProvider';
import { PaymentService } from './service';

/**
 * The payment service with its provider. The built-in sandbox is the only provider so far; a
 * real gateway's adapter would be chosen here from the configuration.
 */
export function createPaymentService(db: Database, config: PaymentConfig): PaymentService {
  const provider = new SandboxProvider(db, {
    publicBase: config.publicBase,
    ...(config.sandboxHangMs === undefined ? {} : { hangMs: config.sandboxHangMs }),
  });
  return new PaymentService({
    db,
    provider,
    timeoutMs: config.timeoutMs,
    shopOrigins: config.shopOrigins,
    ...(config.methods ? { methods: config.methods } : {}),
  });
}
