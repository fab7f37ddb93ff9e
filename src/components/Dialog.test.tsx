import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../tests/msw/render';
import { useMswServer } from '../../tests/msw/server';
import { Dialog } from './Dialog';

useMswServer();

/**
 * jsdom has no modal dialogs: these stand in for the browser's, closing as Chrome does on a
 * second Escape (its close watcher skips a cancel the page prevented just before) by firing
 * `close` without asking.
 */
const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeEach(() => {
  prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  delete prototype.showModal;
  delete prototype.close;
});

async function openDialog(onDismiss?: () => void) {
  renderWithProviders(
    <Dialog
      open
      role="alertdialog"
      title="Reservation expired"
      onDismiss={onDismiss}
      actions={<button type="button">Reselect seats</button>}
    >
      <p>Your reservation has expired.</p>
    </Dialog>,
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Reservation expired' });
  return dialog as HTMLDialogElement;
}

describe('the modal dialog', () => {
  it('opens again when the browser closes one that must be answered', async () => {
    const dialog = await openDialog();
    act(() => dialog.close());
    expect(dialog).toHaveAttribute('open');
    expect(prototype.showModal).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Reselect seats' })).toHaveFocus();
  });

  it('lets a dismissable one close, telling its owner', async () => {
    const onDismiss = vi.fn();
    const dialog = await openDialog(onDismiss);
    act(() => dialog.close());
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(prototype.showModal).toHaveBeenCalledTimes(1);
  });
});
