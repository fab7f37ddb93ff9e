import type { Wallet } from './api/paymentMethodKinds';

/**
 * The sandbox wallet's token (issue 15): what the sandbox's own wallet sheet gives the browser in
 * place of Google Pay's `tokenizationData.token` or Apple Pay's `paymentData`, which the
 * browser POSTs to the payment service's /tokens as `{ wallet, walletToken }`. It names a sandbox
 * test card (server/payments/sandbox/testCards.ts), so a declining test card gives a declined
 * wallet payment. Zod-free: the SPA's sandbox sheet builds it, the sandbox provider reads it.
 */
export interface SandboxWalletToken {
  /** Marks the sandbox's token apart from any real wallet's payload. */
  type: typeof SANDBOX_WALLET_TOKEN_TYPE;
  /** The wallet whose sheet gave it; a token is good only for that wallet. */
  wallet: Wallet;
  /** The sandbox test card the sheet "holds" (digits; spaces are ignored). */
  cardNumber: string;
}

export const SANDBOX_WALLET_TOKEN_TYPE = 'stagedoor-sandbox-wallet';

/** The `walletToken` of a sandbox wallet payment with this test card. */
export function sandboxWalletToken(wallet: Wallet, cardNumber: string): string {
  const token: SandboxWalletToken = { type: SANDBOX_WALLET_TOKEN_TYPE, wallet, cardNumber };
  return JSON.stringify(token);
}
