import { holdScopedStorage } from '@/lib/holdScopedStorage';

/**
 * The name on the card, kept for the tab (sessionStorage) with the hold it was typed for, so a
 * buyer back from a decline at 3-D Secure (the browser left the shop for the bank) does not type
 * it again. Only the name: PCI DSS forbids keeping the security code after authorisation, the
 * number is not ours to keep outside the payment service, and the expiry belongs to the card
 * the bank just refused, which the buyer is likely to replace. Forgotten once the order is paid.
 */
const cardName = holdScopedStorage(
  'stagedoor.cardName',
  (value): value is string => typeof value === 'string' && value !== '',
);

export function rememberCardName(holdId: string, name: string): void {
  cardName.store(holdId, name.trim());
}

export function forgetCardName(): void {
  cardName.forget();
}

/** The name typed for this hold, if any; another hold's name is not this buyer's to reuse. */
export function recallCardName(holdId: string): string | undefined {
  return cardName.read(holdId);
}
