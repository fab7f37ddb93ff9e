import type { CardBrand } from '@contract/cards';
import type { WalletAdapter, WalletRequest } from './walletAdapter';

/**
 * Google Pay through the Payment Request API (Chrome's own sheet), for a real provider only
 * (payment methods' `walletSandbox` false). The provider's gateway names come from the build
 * (VITE_GOOGLE_PAY_GATEWAY, VITE_GOOGLE_PAY_GATEWAY_MERCHANT_ID, VITE_GOOGLE_PAY_MERCHANT_ID);
 * without them Google Pay is not offered. The token is `tokenizationData.token`, which the
 * provider decrypts (docs: plugging in a real provider).
 */
const GOOGLE_PAY = 'https://google.com/pay';

const NETWORKS: Partial<Record<CardBrand, string>> = {
  visa: 'VISA',
  'visa-debit': 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMEX',
};

const config = {
  gateway: import.meta.env.VITE_GOOGLE_PAY_GATEWAY,
  gatewayMerchantId: import.meta.env.VITE_GOOGLE_PAY_GATEWAY_MERCHANT_ID,
  merchantId: import.meta.env.VITE_GOOGLE_PAY_MERCHANT_ID,
};

function paymentRequest({ amount, cardBrands, merchantName }: WalletRequest): PaymentRequest {
  const networks = [...new Set(cardBrands.map((brand) => NETWORKS[brand]).filter(Boolean))];
  const data = {
    environment: 'PRODUCTION',
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantName, merchantId: config.merchantId },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['CRYPTOGRAM_3DS', 'PAN_ONLY'],
          allowedCardNetworks: networks,
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId },
        },
      },
    ],
  };
  const value = (amount.amount / 100).toFixed(2);
  return new PaymentRequest([{ supportedMethods: GOOGLE_PAY, data }], {
    total: { label: merchantName, amount: { currency: amount.currency, value } },
  });
}

export const googlePayAdapter: WalletAdapter = {
  wallet: 'google_pay',
  async isReady(request) {
    if (!config.gateway || !config.gatewayMerchantId || !('PaymentRequest' in window)) return false;
    try {
      return await paymentRequest(request).canMakePayment();
    } catch {
      return false;
    }
  },
  async requestToken(request) {
    let response: PaymentResponse;
    try {
      response = await paymentRequest(request).show();
    } catch {
      // Closed by the buyer (AbortError) or refused by the browser: nothing was paid.
      return null;
    }
    await response.complete('success');
    const details = response.details as {
      paymentMethodData?: { tokenizationData?: { token?: string } };
    };
    return details.paymentMethodData?.tokenizationData?.token ?? null;
  },
};
