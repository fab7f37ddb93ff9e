import type { CardBrand } from '@contract/cards';
import { createApplePaySession } from '@/api/payment';
import type { WalletAdapter, WalletRequest } from './walletAdapter';

/**
 * Apple Pay with Safari's ApplePaySession, for a real provider only (payment methods'
 * `walletSandbox` false). Offered where `ApplePaySession.canMakePayments()` says the device can
 * pay and the build names the merchant (VITE_APPLE_PAY_MERCHANT_ID). Apple asks the merchant to
 * prove itself on every sheet: the payment service's POST /apple-pay/session (the provider's
 * merchant validation, docs: plugging in a real provider) answers Apple's merchant session. The
 * token is `payment.token.paymentData` as JSON.
 */
interface AppleSession {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: { paymentData: unknown } } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  STATUS_SUCCESS?: number;
}
interface AppleSessionClass {
  new (version: number, request: unknown): AppleSession;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
}

const merchantId = import.meta.env.VITE_APPLE_PAY_MERCHANT_ID;

const NETWORKS: Partial<Record<CardBrand, string>> = {
  visa: 'visa',
  'visa-debit': 'visa',
  mastercard: 'masterCard',
  amex: 'amex',
};

const sessionClass = (): AppleSessionClass | undefined =>
  (window as unknown as { ApplePaySession?: AppleSessionClass }).ApplePaySession;

export const applePayAdapter: WalletAdapter = {
  wallet: 'apple_pay',
  isReady() {
    const Session = sessionClass();
    try {
      return Promise.resolve(
        Boolean(merchantId) && Session !== undefined && Session.canMakePayments(),
      );
    } catch {
      return Promise.resolve(false);
    }
  },
  requestToken({ amount, cardBrands, merchantName, csrfToken }: WalletRequest) {
    const Session = sessionClass();
    if (Session === undefined || !merchantId || !csrfToken) return Promise.resolve(null);
    const networks = [...new Set(cardBrands.map((brand) => NETWORKS[brand]).filter(Boolean))];
    const session = new Session(3, {
      countryCode: amount.currency === 'GBP' ? 'GB' : 'US',
      currencyCode: amount.currency,
      supportedNetworks: networks,
      merchantCapabilities: ['supports3DS'],
      total: { label: merchantName, amount: (amount.amount / 100).toFixed(2) },
    });
    return new Promise<string | null>((resolve) => {
      session.onvalidatemerchant = ({ validationURL }) => {
        createApplePaySession(
          { validationURL, merchantId, displayName: merchantName.slice(0, 64) },
          csrfToken,
        )
          .then((merchantSession) => session.completeMerchantValidation(merchantSession))
          .catch(() => {
            session.abort();
            resolve(null);
          });
      };
      session.onpaymentauthorized = ({ payment }) => {
        session.completePayment(Session.STATUS_SUCCESS);
        resolve(JSON.stringify(payment.token.paymentData));
      };
      session.oncancel = () => resolve(null);
      session.begin();
    });
  },
};
