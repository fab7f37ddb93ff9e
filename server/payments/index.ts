// What other capabilities may call of payments: every name is listed, none re-exported wholesale.
export { checkPayChoice, methodsFor, payMethodOf } from './methods';
export type { MethodChoice, MethodSource } from './methods';
export { seenByServer } from './fraudData';
export type { SeenByServer } from './fraudData';
export type { PaymentService } from './service';
