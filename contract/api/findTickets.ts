import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../address/email';
import { isOrderNumber, normaliseOrderNumber } from '../orderNumber';
import { text } from '../text';

/**
 * Find my tickets (issue 25): a guest who lost the confirmation email asks for it again with the
 * order's email address and number. `POST /services/customer-accounts/find-tickets` answers 202
 * with nothing in it whether or not the pair matches an order, so it tells nobody which
 * addresses bought what; a matching pair queues the confirmation email again.
 */
export const findTicketsBodySchema = z.strictObject({
  email: text()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine((value) => isEmailAddress(value), 'must be an email address'),
  orderNumber: text()
    .max(40)
    .refine(isOrderNumber, 'must be an order number such as SD-7K3QF9XM')
    .transform(normaliseOrderNumber),
});
export type FindTicketsBody = z.input<typeof findTicketsBodySchema>;

export const findTicketsResponseSchema = z.strictObject({});
