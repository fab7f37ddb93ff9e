import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Region } from '@contract/regions';
import { CHECKOUT_PATHS } from '@/config/paths';
import type { SessionState } from '@/features/session/sessionSlice';
import { useMswServer } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { basketPutsFor, inventory, resetInventory } from '../../../../tests/msw/inventory';

useMswServer();
beforeEach(() => resetInventory());

const findPageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

/** A session forced into one tpCopy variation, as `?force-opty=tpCopy:<v>` does. */
const sessionWith = (tpCopy: 'a' | 'b'): SessionState => ({
  sessionId: 'anonymous',
  attribution: {},
  forcedVariations: { tpCopy },
  cfg: null,
  csrfToken: null,
});

const savedChoice = () => inventory.basket.choices.get(checkoutHoldId())?.protection;

/** The Lumen (UK) has the classic list; Hudson Stage (US) the newer cards (shouldShowTpUxChanges). */
async function openProtection(
  venueSlug = 'lumen-theatre',
  region: Region = 'uk',
  before?: (holdId: string) => void,
) {
  const user = userEvent.setup();
  // The tpCopy experiment's first wording (its own tests below show the other).
  const preloadedState = { ...heldState({ venueSlug, region }), session: sessionWith('a') };
  // Runs once the hold exists, to set up what the server already holds for it.
  before?.(checkoutHoldId());
  const view = renderApp({ route: CHECKOUT_PATHS.ticketProtection, preloadedState });
  await findPageHeading('Ticket refund protection');
  const group = await screen.findByRole('group', {
    name: /Would you like to protect your tickets\?/,
  });
  return { user, group, ...view };
}

// Pages are lazy chunks: the first in a run can take a while on a busy machine.
describe('the ticket protection step', { timeout: 20_000 }, () => {
  it('says what it costs and covers, with the terms, and chooses nothing for the buyer', async () => {
    const { group, container } = await openProtection();
    expect(screen.getByText('£2.50 per ticket')).toBeInTheDocument();
    expect(screen.getByText('2 tickets: £5 in total')).toBeInTheDocument();
    expect(screen.getByText(/refund of your tickets and their booking fees/)).toBeInTheDocument();
    expect(screen.getByText(/Relocation of over 100 miles within 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ticket refund protection terms/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/legal\/terms-of-sale\/ticket-protection-program\/$/),
    );
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });

  it('asks for a choice when Continue is pressed without one, and saves nothing', async () => {
    const { user, group, history } = await openProtection();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(group).findByText('Please select an answer')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /Yes, protect my tickets/ })).toHaveFocus();
    expect(basketPutsFor(checkoutHoldId())).toHaveLength(0);
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.ticketProtection);
  });

  it('saves yes, adds it to the basket and goes on to delivery', async () => {
    const { user, group, history } = await openProtection();
    await user.click(within(group).getByRole('radio', { name: /Yes, protect my tickets/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
    expect(savedChoice()).toBe(true);
    expect(basketPutsFor(checkoutHoldId()).map((put) => put.body)).toEqual([
      { ticketProtection: 'yes' },
    ]);
  });

  it('saves no just as explicitly', async () => {
    const { user, group, history } = await openProtection();
    await user.click(
      within(group).getByRole('radio', { name: /No, I don't want to protect my tickets/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
    expect(savedChoice()).toBe(false);
  });

  it('shows an earlier answer when the buyer comes back', async () => {
    const { group } = await openProtection('lumen-theatre', 'uk', (holdId) =>
      inventory.basket.choices.set(holdId, { upsells: new Map(), protection: false }),
    );
    expect(within(group).getByRole('radio', { name: /No, I don't want/ })).toBeChecked();
  });

  it('offers the newer cards with yes recommended where the venue has them', async () => {
    const { user, group, container } = await openProtection('hudson-stage', 'us-east');
    const yes = within(group).getByRole('radio', { name: 'Yes, protect my tickets' });
    expect(yes).toHaveAccessibleDescription('Recommended $2.50 per ticket, $5 in total');
    expect(within(group).getByRole('radio', { name: /No, I don't want/ })).not.toBeChecked();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(group).findByText('Please select an answer')).toBeInTheDocument();
    await user.click(yes);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(savedChoice()).toBe(true));
  });

  it('shows the classic list, without the badge, elsewhere', async () => {
    const { group } = await openProtection();
    expect(within(group).queryByText('Recommended')).toBeNull();
    expect(
      within(group).getByRole('radio', { name: 'Yes, protect my tickets' }),
    ).toHaveAccessibleDescription('£2.50 per ticket, £5 in total');
  });

  it('is skipped, without a history entry, when the product is not offered', async () => {
    inventory.basket.protectionFee = null;
    const { history } = renderApp({
      route: CHECKOUT_PATHS.ticketProtection,
      preloadedState: heldState(),
    });
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
    expect(history.action).toBe('REPLACE');
  });

  describe('the tpCopy experiment', () => {
    const exposures = () =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (entry) => (entry as { event?: string }).event === 'experiment_exposure',
      );
    beforeEach(() => {
      (window as { dataLayer?: unknown[] }).dataLayer = [];
    });

    it('variation b words the question its own way, and the buyer seeing it is recorded once', async () => {
      heldState();
      renderApp({
        route: CHECKOUT_PATHS.ticketProtection,
        preloadedState: { ...heldState(), session: sessionWith('b') },
      });
      await findPageHeading('Ticket refund protection');
      expect(
        await screen.findByRole('group', {
          name: /^Can't make it on the day\? Protect your tickets/,
        }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Would you like to protect your tickets?')).toBeNull();
      // Only the experiment and its variation: nothing that names the buyer or the session.
      await waitFor(() =>
        expect(exposures()).toEqual([
          { event: 'experiment_exposure', experiment: 'tpCopy', variation: 'b' },
        ]),
      );
    });

    it('variation a keeps the first wording, and says so to the dataLayer', async () => {
      await openProtection();
      await waitFor(() =>
        expect(exposures()).toEqual([
          { event: 'experiment_exposure', experiment: 'tpCopy', variation: 'a' },
        ]),
      );
    });
  });
});
