import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetMembers, signInMember } from '../../../../tests/msw/members';
import userEvent from '@testing-library/user-event';
import { CHECKOUT_PATHS } from '@/config/paths';
import { detailsFake, resetDetails } from '../../../../tests/msw/details';
import { resetInventory } from '../../../../tests/msw/inventory';
import { useMswServer } from '../../../../tests/msw/server';
import { findStep, renderStep } from '../../../../tests/msw/detailsCheckout';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetDetails();
  resetMembers();
});

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const box = screen.getByLabelText(label);
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

async function fillAndContinue(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'First name', 'Ada');
  await fill(user, 'Last name', 'Lovelace');
  await fill(user, 'Email address', 'ada@example.com');
  await fill(user, 'Confirm email address', 'ada@example.com');
  await fill(user, 'Phone number', '020 7946 0123');
  await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
}

describe('saving checkout details to the account', { timeout: 60_000 }, () => {
  it('offers a signed-in buyer to save what they type to their account, and sends it when asked', async () => {
    signInMember();
    const user = userEvent.setup();
    const { history } = renderStep(CHECKOUT_PATHS.contacts, 'lumen-theatre');
    await findStep('Contact details');
    const save = await screen.findByRole('checkbox', { name: 'Save these details to my account' });
    expect(save).not.toBeChecked();
    await fillAndContinue(user);
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.payment));
    expect(detailsFake.puts).toEqual([expect.objectContaining({ saveToProfile: true })]);
  });

  it('leaves the profile alone unless asked', async () => {
    signInMember();
    const user = userEvent.setup();
    const { history } = renderStep(CHECKOUT_PATHS.contacts, 'lumen-theatre');
    await findStep('Contact details');
    await screen.findByRole('checkbox', { name: 'Save these details to my account' });
    await fillAndContinue(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.payment));
    expect(detailsFake.puts).toEqual([expect.not.objectContaining({ saveToProfile: true })]);
  });

  it('does not offer it to a guest, who has no account to save to', async () => {
    renderStep(CHECKOUT_PATHS.contacts, 'lumen-theatre');
    await findStep('Contact details');
    expect(
      screen.queryByRole('checkbox', { name: 'Save these details to my account' }),
    ).not.toBeInTheDocument();
  });
});
