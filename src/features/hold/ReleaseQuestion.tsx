import { FormattedMessage } from 'react-intl';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import type { MessageId } from '@/i18n/messageIds';

/**
 * Spec §4 "Leaving": what the buyer is asked before their hold goes. `emptyCart` when the basket
 * goes for another date ("Empty your cart?"), `release` when they only let these tickets go.
 */
export type ReleaseKind = 'emptyCart' | 'release';

const TEXT: Record<ReleaseKind, Record<'title' | 'body' | 'confirm' | 'cancel', MessageId>> = {
  emptyCart: {
    title: 'basket.empty.title',
    body: 'basket.empty.body',
    confirm: 'basket.empty.confirm',
    cancel: 'basket.empty.cancel',
  },
  release: {
    title: 'reservation.leave.title',
    body: 'reservation.leave.body',
    confirm: 'reservation.leave.confirm',
    cancel: 'reservation.leave.cancel',
  },
};

type Props = { kind: ReleaseKind; onRelease: () => void; onKeep: () => void };

/** The question itself; whoever asks it decides what releasing and keeping then do. */
export function ReleaseQuestion({ kind, onRelease, onKeep }: Props) {
  const text = TEXT[kind];
  return (
    <Dialog
      open
      role="alertdialog"
      onDismiss={onKeep}
      title={<FormattedMessage id={text.title} />}
      actions={
        <>
          <SecondaryButton type="button" onClick={onKeep}>
            <FormattedMessage id={text.cancel} />
          </SecondaryButton>
          <PrimaryButton type="button" onClick={onRelease}>
            <FormattedMessage id={text.confirm} />
          </PrimaryButton>
        </>
      }
    >
      <p>
        <FormattedMessage id={text.body} />
      </p>
    </Dialog>
  );
}
