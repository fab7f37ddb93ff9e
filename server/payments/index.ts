// What other capabilities may call of payments: every name is listed, none re-exported wholesale.
export { availableMethods, checkPayChoice } from './methods';
export type { MethodChoice } from './methods';
export type { FraudData } from './provider';
export type { PaymentService } from './service';
