// Payments' public module (issue 23): each name listed. The method rules live here (methods.ts)
// and nowhere else; the pay routes send the fraud data seenByServer builds.
export { checkPayChoice, methodsFor, payMethodOf } from './methods';
export type { MethodChoice, MethodSource } from './methods';
export { seenByServer } from './fraudData';
export type { SeenByServer } from './fraudData';
export type { PaymentService } from './service';
