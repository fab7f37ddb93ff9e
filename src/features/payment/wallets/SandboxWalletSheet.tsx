import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { CARD_BRAND_NAMES } from '@contract/cards';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { formatMoney } from '@/i18n/format';
import { METHOD_NAMES } from '@/lib/methodNames';
import { sandboxSheet } from './sandboxWallet';

/**
 * The sandbox's wallet sheet, standing in for Google Pay's or Apple Pay's own (demos and tests):
 * a labelled modal dialog (focus kept inside, Escape cancels) listing a test card the sandbox
 * approves and one it declines. Choosing one gives the wallet's token; Cancel gives none.
 * Loaded only when the sandbox wallets are offered.
 */
export default function SandboxWalletSheet() {
  const intl = useIntl();
  const sheet = useSyncExternalStore(sandboxSheet.subscribe, sandboxSheet.current);
  if (sheet === null) return null;
  const wallet = METHOD_NAMES[sheet.wallet];
  const cancel = () => sheet.finish(null);
  return (
    <Dialog
      open
      title={<FormattedMessage id="wallet.sheet.title" values={{ wallet }} />}
      onDismiss={cancel}
      actions={
        <>
          {sheet.cards.map((card) => (
            <PrimaryButton
              key={card.number}
              type="button"
              onClick={() => sheet.finish(card.number)}
            >
              <FormattedMessage
                id={card.approves ? 'wallet.sheet.approves' : 'wallet.sheet.declines'}
                values={{ brand: CARD_BRAND_NAMES[card.brand], last4: card.number.slice(-4) }}
              />
            </PrimaryButton>
          ))}
          <SecondaryButton type="button" onClick={cancel}>
            <FormattedMessage id="wallet.sheet.cancel" />
          </SecondaryButton>
        </>
      }
    >
      <Intro>
        <FormattedMessage
          id="wallet.sheet.intro"
          values={{ amount: formatMoney(intl, sheet.request.amount) }}
        />
      </Intro>
    </Dialog>
  );
}

const Intro = styled.p`
  margin: 0;
`;
