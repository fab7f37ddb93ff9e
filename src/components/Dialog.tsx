import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

type Props = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The buttons; the first one gets focus when the dialog opens. */
  actions: ReactNode;
  /**
   * Escape (and the browser's own close) calls this. Leave it out for a dialog the buyer must
   * answer, such as an expired reservation: Escape then does nothing.
   */
  onDismiss?: () => void;
  /** `alertdialog` for an interruption that needs an answer (expiry, leaving with a hold). */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` gives the focus trap, the inert
 * page behind and the top layer for free, in every browser the shop supports. Focus returns to
 * whatever had it before the dialog opened.
 */
export function Dialog({ open, title, children, actions, onDismiss, role = 'dialog' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // The latest owner's answer to Escape, for the close listener set up once per opening.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    const show = () => {
      // jsdom has no showModal; the open attribute is the same state for what tests inspect.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('[data-dialog-actions] button')?.focus();
    };
    show();
    // Chrome closes a modal dialog on a second Escape even though its cancel was prevented (the
    // close watcher's guard against pages trapping the user). Closed while still `open`: a
    // dismissable dialog tells its owner, one that must be answered opens again.
    const closedByBrowser = () => {
      if (dialog.open || !dialog.isConnected) return;
      if (dismiss.current === undefined) show();
      else dismiss.current();
    };
    dialog.addEventListener('close', closedByBrowser);
    return () => {
      dialog.removeEventListener('close', closedByBrowser);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <Modal
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // The browser closes on Escape unless told otherwise; the owner decides instead.
        event.preventDefault();
        onDismiss?.();
      }}
    >
      <Title id={titleId}>{title}</Title>
      <div id={bodyId}>{children}</div>
      <Actions data-dialog-actions>{actions}</Actions>
    </Modal>
  );
}

const Modal = styled.dialog`
  max-width: min(32rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space[5]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};

  &::backdrop {
    background: rgb(0 0 0 / 55%);
  }
`;

const Title = styled.h2`
  margin-top: 0;
  font-size: ${({ theme }) => theme.fontSizes.h2};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-top: ${({ theme }) => theme.space[5]}px;
`;
