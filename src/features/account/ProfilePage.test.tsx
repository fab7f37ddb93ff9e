import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import {
  memberHandlers,
  membersFake,
  resetMembers,
  signInMember,
} from '../../../tests/msw/members';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

/** The page's chunk, the sign-in read and its own reads, on a loaded 2-core machine. */
const SLOW = { timeout: 15_000 };
beforeEach(() => {
  resetMembers();
  server.use(...memberHandlers());
});

describe('My account: your details', { timeout: 30_000 }, () => {
  it('asks a guest to sign in and come back', async () => {
    renderApp({ route: '/account/profile?venue=lumen-theatre' });
    const prompt = await screen.findByText(/to see your account\./, {}, SLOW);
    expect(within(prompt).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?${new URLSearchParams({ venue: 'lumen-theatre', returnTo: '/account/profile?venue=lumen-theatre' }).toString()}`,
    );
  });

  it('says "Your changes were not saved." when the save is refused, keeping what was typed', async () => {
    signInMember();
    membersFake.refuseProfileFields = ['body.phone'];
    const user = userEvent.setup();
    const { container } = renderApp({ route: '/account/profile?venue=lumen-theatre' });
    const first = await screen.findByLabelText('First name', {}, SLOW);
    expect(first).toHaveValue('Pat');
    await user.clear(first);
    await user.type(first, 'Patricia');
    await user.type(screen.getByLabelText(/^Address line 1/), '1 Stage Lane');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // An address once begun is whole: the city is asked for before anything is sent.
    expect(await screen.findByText('Please enter your city', {}, SLOW)).toBeInTheDocument();
    expect(membersFake.profileSaves).toEqual([]);
    await user.type(screen.getByLabelText(/^Town\/city/), 'London');
    await user.type(screen.getByLabelText(/^Postcode/), 'W1D 7EU');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your changes were not saved.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Patricia');
    expect(screen.getByLabelText(/^Address line 1/)).toHaveValue('1 Stage Lane');
    await waitFor(() => expect(screen.getByLabelText(/^Phone number/)).toHaveFocus());
    const { violations } = await axe.run(container);
    expect(violations.map((violation) => violation.id)).toEqual([]);

    membersFake.refuseProfileFields = null;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.', {}, SLOW)).toBeInTheDocument();
    expect(membersFake.profile).toMatchObject({
      firstName: 'Patricia',
      address: { line1: '1 Stage Lane', city: 'London', postcode: 'W1D 7EU', country: 'GB' },
    });
  });

  it('saves a profile with no phone (the field is optional), and judges one once typed', async () => {
    signInMember();
    membersFake.profile = { ...membersFake.profile, phone: null };
    const user = userEvent.setup();
    renderApp({ route: '/account/profile?venue=lumen-theatre' });
    const phone = await screen.findByLabelText(/^Phone number/, {}, SLOW);
    expect(phone).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(membersFake.profileSaves.at(-1)).toMatchObject({ phone: null });

    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter a valid phone number', {}, SLOW),
    ).toBeInTheDocument();
    expect(membersFake.profileSaves).toHaveLength(1);
  });
});
