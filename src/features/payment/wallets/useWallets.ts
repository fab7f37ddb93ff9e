import { useEffect, useState } from 'react';
import type { PaymentMethods } from '@contract/api/paymentMethods';
import { WALLETS, type Wallet } from '@contract/api/paymentMethodKinds';
import { CARD_BRANDS, type CardBrand } from '@contract/cards';
import type { WalletAdapter, WalletRequest } from './walletAdapter';

/** The adapters of the wallets this browser can pay with now; loaded only when one may be. */
export type ReadyWallets = ReadonlyMap<Wallet, WalletAdapter>;

const NONE: ReadyWallets = new Map();

async function adapterFor(wallet: Wallet, sandbox: boolean): Promise<WalletAdapter> {
  if (sandbox) return (await import('./sandboxWallet')).sandboxWalletAdapter(wallet);
  return wallet === 'apple_pay'
    ? (await import('./applePay')).applePayAdapter
    : (await import('./googlePay')).googlePayAdapter;
}

/**
 * Which wallets to render: the ones the server allows (as methods, or as unavailable methods
 * worth explaining) that this browser is ready to pay with. With the sandbox provider only the
 * sandbox sheet, and only in a browser told to offer it (walletSwitch); else Apple Pay's and
 * Google Pay's own readiness checks. A wallet not ready is never rendered, so never a dead
 * button. Until the checks answer, no wallet is shown.
 */
export function useReadyWallets(
  methods: PaymentMethods | null,
  sandboxOffered: boolean,
  merchantName: string,
): ReadyWallets {
  const [ready, setReady] = useState<ReadyWallets>(NONE);
  const sandbox = methods?.walletSandbox ?? true;
  // What is asked, as a key: the checks run again only when it changes.
  const asked: [Wallet, readonly CardBrand[]][] =
    methods === null || (sandbox && !sandboxOffered)
      ? []
      : WALLETS.flatMap((wallet): [Wallet, readonly CardBrand[]][] => {
          const option = methods.methods.find((each) => each.method === wallet);
          if (option !== undefined) return [[wallet, option.cardBrands ?? []]];
          return methods.unavailable.some((each) => each.method === wallet)
            ? [[wallet, CARD_BRANDS]]
            : [];
        });
  const key = JSON.stringify({
    asked,
    sandbox,
    currency: methods?.currency,
    due: methods?.amountDue,
  });

  useEffect(() => {
    if (methods === null || asked.length === 0) {
      setReady(NONE);
      return;
    }
    let current = true;
    void Promise.all(
      asked.map(async ([wallet, cardBrands]) => {
        const request: WalletRequest = {
          amount: { amount: methods.amountDue, currency: methods.currency },
          cardBrands,
          merchantName,
        };
        try {
          const adapter = await adapterFor(wallet, sandbox);
          return (await adapter.isReady(request)) ? adapter : null;
        } catch {
          // A chunk that failed to load or a check that threw: the wallet is simply not offered.
          return null;
        }
      }),
    ).then((adapters) => {
      if (!current) return;
      setReady(
        new Map(adapters.flatMap((adapter) => (adapter ? [[adapter.wallet, adapter]] : []))),
      );
    });
    return () => {
      current = false;
    };
    // `key` stands for methods, asked and sandbox: the checks run again only when it changes.
  }, [key, merchantName]);

  return ready;
}
