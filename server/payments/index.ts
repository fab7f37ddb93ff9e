// What other capabilities may call of payments: every name is listed, none re-exported wholesale.
export { checkPayChoice, methodsFor, payMethodOf } from './methods';
export type { MethodChoice, MethodSource } from './methods';
export type { FraudData } from './provider';
export type { PaymentService } from './service';
