import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import {
  ACTIVE_ATG,
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

async function expectNoAxeViolations(container: HTMLElement) {
  const { violations } = await axe.run(container);
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

describe('/membership', { timeout: 30_000 }, () => {
  it('shows a guest the offers in the venue’s words and asks them to sign in to join', async () => {
    const { container } = renderApp({ route: '/membership?venue=lumen-theatre' });
    const atg = await screen.findByRole('region', { name: 'ATG+' }, SLOW);
    expect(within(atg).getByText('£45 a year')).toBeInTheDocument();
    expect(within(atg).getByText('No transaction fee on any order')).toBeInTheDocument();
    expect(within(atg).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?${new URLSearchParams({ venue: 'lumen-theatre', returnTo: '/membership?venue=lumen-theatre' }).toString()}`,
    );
    expect(within(screen.getByRole('region', { name: 'Access' })).getByText('Free')).toBeVisible();
    // A guest is never asked about eligibility: the list is the same for everyone.
    expect(membersFake.offersAsked.map((query) => query.get('eligibility'))).toEqual([null]);
    await expectNoAxeViolations(container);
  });

  it('with shouldCallEligibleExp, offers a member to join only what their account may join', async () => {
    signInMember();
    membersFake.memberships = [{ ...ACTIVE_ATG }];
    renderApp({ route: '/membership?venue=hudson-stage' });
    await screen.findByText(
      'Only the memberships your account can join are offered to join below.',
      {},
      SLOW,
    );
    const atg = await screen.findByRole('region', { name: 'ATG+' }, SLOW);
    // The service's verdict first, then the membership that is its reason (issue 24).
    const status = await within(atg).findByRole('status', {}, SLOW);
    expect(status).toHaveTextContent(
      /^Your account can't join this membership\. You're a member \(number ATG-4821 7730\)\. Manage your memberships$/,
    );
    expect(within(atg).queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(membersFake.offersAsked.at(-1)?.get('eligibility')).toBe('1');
    expect(
      within(screen.getByRole('region', { name: 'Access' })).getByRole('button', {
        name: 'Join Access',
      }),
    ).toBeInTheDocument();
  });

  it('without the flag, a member sees their membership and no eligibility verdict', async () => {
    signInMember();
    membersFake.memberships = [{ ...ACTIVE_ATG }];
    renderApp({ route: '/membership?venue=lumen-theatre' });
    const atg = await screen.findByRole('region', { name: 'ATG+' }, SLOW);
    expect(await within(atg).findByRole('status', {}, SLOW)).toHaveTextContent(
      /^You're a member \(number ATG-4821 7730\)\. Manage your memberships$/,
    );
  });

  it('does not ask about eligibility at a venue without the flag', async () => {
    signInMember();
    renderApp({ route: '/membership?venue=lumen-theatre' });
    await screen.findByRole('button', { name: 'Join ATG+' }, SLOW);
    expect(
      screen.queryByText('Only the memberships your account can join are offered to join below.'),
    ).not.toBeInTheDocument();
    expect(membersFake.offersAsked.every((query) => query.get('eligibility') === null)).toBe(true);
  });

  it('joins Access with evidence, and says so when the reference is refused', async () => {
    signInMember();
    membersFake.refuseEvidence = true;
    const user = userEvent.setup();
    const { container } = renderApp({ route: '/membership?venue=lumen-theatre' });
    const access = await screen.findByRole('region', { name: 'Access' }, SLOW);
    await user.click(within(access).getByRole('button', { name: 'Join Access' }));
    expect(
      await within(access).findByText('Please choose your evidence', {}, SLOW),
    ).toBeInTheDocument();
    await user.click(within(access).getByRole('radio', { name: 'Access Card' }));
    await user.type(within(access).getByLabelText('Access Card number'), '12');
    await user.click(within(access).getByRole('button', { name: 'Join Access' }));
    expect(
      await within(access).findByText(
        "We couldn't accept that reference. Please check it against your card or letter and try again.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    // What was typed stays for the buyer to correct.
    expect(within(access).getByLabelText('Access Card number')).toHaveValue('12');
    await expectNoAxeViolations(container);

    membersFake.refuseEvidence = false;
    await user.clear(within(access).getByLabelText('Access Card number'));
    await user.type(within(access).getByLabelText('Access Card number'), '1234 5678');
    await user.click(within(access).getByRole('button', { name: 'Join Access' }));
    expect(
      await within(access).findByText("You're a member (number ACC-1093 2281).", {}, SLOW),
    ).toBeInTheDocument();
    expect(membersFake.joins.at(-1)).toEqual({
      venue: 'lumen-theatre',
      evidenceKind: 'accessCard',
      evidenceReference: '1234 5678',
    });
  });
});

describe('/subscriptions', { timeout: 30_000 }, () => {
  it('shows a member their membership and cancels it only once asked', async () => {
    signInMember();
    membersFake.memberships = [{ ...ACTIVE_ATG }];
    const user = userEvent.setup();
    const { container } = renderApp({ route: '/subscriptions?venue=lumen-theatre' });
    const card = await screen.findByRole('region', { name: 'ATG+' }, SLOW);
    expect(within(card).getByText('ATG-4821 7730')).toBeInTheDocument();
    expect(within(card).getByText('10 January 2027')).toBeInTheDocument();
    const renew = within(card).getByRole('checkbox', { name: 'Renew automatically each year' });
    expect(renew).toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(renew);
    await waitFor(() => expect(membersFake.memberships[0]?.autoRenew).toBe(false));
    expect(
      await within(card).findByText('Saved: ATG+ will not renew.', {}, SLOW),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel ATG+' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your ATG+ membership?' });
    expect(
      within(dialog).getByText("You keep your benefits until 10 January 2027. It won't renew."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my membership' }));
    expect(membersFake.memberships[0]?.status).toBe('active');
    await user.click(within(card).getByRole('button', { name: 'Cancel ATG+' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(
      await within(card).findByText('Cancelled — benefits until 10 January 2027', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('offers someone without a membership the memberships to join', async () => {
    signInMember();
    renderApp({ route: '/subscriptions?venue=lumen-theatre' });
    expect(
      await screen.findByText(
        "You don't have a membership yet. Here's what you can join.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join ATG+' }, SLOW)).toBeInTheDocument();
  });
});
