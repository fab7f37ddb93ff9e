import { isId } from '@contract/patterns';

/**
 * The name on the card, kept for the tab (sessionStorage) with the hold it was typed for, so a
 * buyer back from a decline at 3-D Secure (the browser left the shop for the bank) does not type
 * it again. Only the name: PCI DSS forbids keeping the security code after authorisation, the
 * number is not ours to keep outside the payment service, and the expiry belongs to the card
 * the bank just refused, which the buyer is likely to replace. Forgotten once the order is paid.
 */
const KEY = 'stagedoor.cardName';

export function rememberCardName(holdId: string, name: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ holdId, name: name.trim() }));
  } catch {
    // Private modes can refuse storage: the buyer then types the name again.
  }
}

export function forgetCardName(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The name typed for this hold, if any; another hold's name is not this buyer's to reuse. */
export function recallCardName(holdId: string): string | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as { holdId?: unknown; name?: unknown };
    if (typeof value.holdId === 'string' && isId(value.holdId) && value.holdId === holdId)
      return typeof value.name === 'string' && value.name !== '' ? value.name : undefined;
  } catch {
    // Unreadable: treated as nothing kept.
  }
  return undefined;
}
