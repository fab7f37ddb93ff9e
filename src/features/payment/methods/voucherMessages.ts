import type { VoucherKind } from '@contract/api/paymentMethodKinds';
import { fieldMessage as m, type FieldMessage } from '@/components/form/validation/fieldMessage';
import type { VoucherProblem } from './paymentMethodsSlice';

/** The panel's fields for each kind: the existing schemas' names (codeSchemas.ts). */
export const VOUCHER_FIELDS = {
  gift_voucher: { number: 'voucherNumber', code: 'redemptionCode' },
  gift_card: { number: 'giftCardNumber', code: 'accessNumber' },
} as const satisfies Record<VoucherKind, { number: string; code: string }>;

/** What the buyer reads for a refusal of the server, for the kind they were applying. */
export function refusalMessage(problem: VoucherProblem, kind: VoucherKind): FieldMessage {
  switch (problem) {
    // The page's own rule, said the same way (spec §5 "Voucher").
    case 'tooShort':
      return m(
        kind === 'gift_card' ? 'validation.voucher.giftCardNumber' : 'validation.voucher.number',
      );
    case 'invalid':
      return m('vouchers.refused.invalid');
    case 'tooManyTries':
      return m('vouchers.refused.tooManyTries');
    case 'connection':
      return m('vouchers.refused.connection');
    default:
      return m(`vouchers.refused.${problem}`, { kind });
  }
}
