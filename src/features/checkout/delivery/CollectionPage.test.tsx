import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import axe from 'axe-core';
import { CHECKOUT_PATHS } from '@/config/paths';
import { getVenue } from '@/config/venues';
import { detailsFake, resetDetails } from '../../../../tests/msw/details';
import { resetInventory } from '../../../../tests/msw/inventory';
import { server, useMswServer } from '../../../../tests/msw/server';
import { HOLD_ID, findStep, renderStep } from '../../../../tests/msw/detailsCheckout';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetDetails();
});

const COLLECTION = CHECKOUT_PATHS.collection;
const POST_ONLY_UK =
  'We can only post tickets to addresses in the UK. Please enter a UK address or choose another way to get your tickets.';
const MAIL_ONLY_US =
  'We can only mail tickets to addresses in the US. Please enter a US address or choose another way to get your tickets.';

/** Typed the way autofill or a paste fills a box: one change. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const box = screen.getByLabelText(label);
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

const deliveryGroup = () =>
  screen.getByRole('group', { name: 'How would you like to get your tickets?' });

// A step re-renders its form on every keystroke in jsdom; on a busy 2-core machine that takes seconds.
describe('the collection step', { timeout: 60_000 }, () => {
  it('offers the venue’s delivery methods, its eTicket wording and where post can go', async () => {
    renderStep(COLLECTION, 'lumen-theatre');
    await findStep('Ticket delivery');
    // Nothing is paid on this step, so neither its heading nor the tab's title says payment.
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(/payment/i);
    await waitFor(() => expect(document.title).toMatch(/^Ticket delivery/));
    expect(screen.getByText('Enter your details')).toBeInTheDocument();
    // The spec's customerDetails part ("Delivery and payment") names the part of checkout this
    // step opens, above its own heading (delivery, contacts and payment share it).
    const part = screen.getByText('Delivery and payment');
    expect(part.tagName).toBe('P');
    expect(part.nextElementSibling).toBe(screen.getByRole('heading', { level: 1 }));
    const group = deliveryGroup();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(getVenue('lumen-theatre')!.settings.deliveryMethods);
    expect(within(group).getByLabelText('eTicket')).toHaveAccessibleDescription(
      getVenue('lumen-theatre')!.settings.flags.eTicketDescription!,
    );
    expect(within(group).getByLabelText('Post')).toHaveAccessibleDescription(
      'Tickets can be posted to UK addresses only.',
    );
    // No address is asked for until tickets are to be posted.
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
  });

  it('refuses a post address outside the UK beside the country, and sends nothing', async () => {
    const user = userEvent.setup();
    renderStep(COLLECTION, 'northern-playhouse');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Post'));
    await fill(user, 'Address line 1', '1 Rue de Rivoli');
    await fill(user, 'Town/city', 'Paris');
    await fill(user, 'Postcode', '75001');
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveFocus());
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(POST_ONLY_UK);
    // The French code is not also called "not a UK postcode".
    expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid');
    expect(detailsFake.puts).toEqual([]);
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Rue de Rivoli');
  });

  it('says "Mail" and asks for a ZIP code at a US venue, in US English', async () => {
    const user = userEvent.setup();
    renderStep(COLLECTION, 'hudson-stage');
    await findStep('Ticket delivery');
    await user.click(within(deliveryGroup()).getByLabelText('Mail'));
    expect(within(deliveryGroup()).getByLabelText('Mail')).toHaveAccessibleDescription(
      'Tickets can be mailed to US addresses only.',
    );
    expect(screen.getByRole('group', { name: 'Where should we mail your tickets?' })).toBeVisible();
    await fill(user, 'Address line 1', '1 Broadway');
    await fill(user, 'City', 'New York');
    await user.selectOptions(screen.getByLabelText('State'), 'NY');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveFocus());
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(
      'Please enter a ZIP code',
    );

    await fill(user, 'ZIP code', 'SW1A 2AA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(
        'Valid US ZIP codes only',
      ),
    );

    await fill(user, 'ZIP code', '1003');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(
        'Please enter a valid ZIP code',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(MAIL_ONLY_US),
    );
    expect(detailsFake.puts).toEqual([]);
  });

  it('finds the address by postcode and fills the fields, then saves and goes on to contacts', async () => {
    const user = userEvent.setup();
    const { history } = renderStep(COLLECTION, 'lumen-theatre');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Post'));

    // An empty search asks for the postcode and puts the buyer back in the box.
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    const finder = screen.getByLabelText('Find your address by postcode');
    await waitFor(() => expect(finder).toHaveFocus());
    expect(finder).toHaveAccessibleDescription('Please enter your postcode');

    await user.type(finder, 'sw1a 2aa{Enter}');
    expect(
      await screen.findByText(
        'We found 2 addresses for SW1A 2AA. Choose yours from the list, or type your address below.',
      ),
    ).toBeInTheDocument();
    expect(detailsFake.lookups).toEqual([{ country: 'GB', postcode: 'sw1a 2aa' }]);
    // Enter searched; it did not submit the step.
    expect(detailsFake.puts).toEqual([]);

    await user.selectOptions(
      screen.getByLabelText('Choose your address'),
      '11 Downing Street, London, SW1A 2AA',
    );
    expect(screen.getByLabelText('Address line 1')).toHaveValue('11 Downing Street');
    expect(screen.getByLabelText('Town/city')).toHaveValue('London');
    expect(screen.getByLabelText('Postcode')).toHaveValue('SW1A 2AA');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByText("We've filled in the address below. Please check it.")).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.contacts));
    expect(detailsFake.puts).toEqual([
      {
        delivery: {
          method: 'post',
          address: {
            line1: '11 Downing Street',
            line2: '',
            city: 'London',
            state: '',
            postcode: 'SW1A 2AA',
            country: 'GB',
          },
        },
      },
    ]);
  });

  it('says so when the lookup fails, and keeps what the buyer typed', async () => {
    server.use(
      http.get('/services/address-lookup/addresses', () =>
        HttpResponse.json({ code: 'internal_error', message: 'down' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderStep(COLLECTION, 'golden-gate-playhouse');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Mail'));
    await fill(user, 'Address line 1', '500 Market Street');
    await fill(user, 'Find your address by ZIP code', '94105');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    expect(
      await screen.findByText(
        "Sorry, we can't look up addresses right now. Please type your address below.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('500 Market Street');
    expect(screen.queryByLabelText('Choose your address')).toBeNull();

    // The US wording of the empty search.
    await user.clear(screen.getByLabelText('Find your address by ZIP code'));
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Find your address by ZIP code')).toHaveAccessibleDescription(
        'Please enter your ZIP code',
      ),
    );
  });

  it('opens with what was saved after a reload', async () => {
    const user = userEvent.setup();
    renderStep(COLLECTION, 'northern-playhouse');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Post'));
    await fill(user, 'Address line 1', '1 Quay Street');
    await fill(user, 'Address line 2 (optional)', 'Flat 2');
    await fill(user, 'Town/city', 'Manchester');
    await fill(user, 'Postcode', 'm3 3jz');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(detailsFake.puts).toHaveLength(1));

    cleanup();
    renderStep(COLLECTION, 'northern-playhouse');
    await findStep('Ticket delivery');
    expect(await screen.findByLabelText('Post')).toBeChecked();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Quay Street');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('Flat 2');
    expect(screen.getByLabelText('Town/city')).toHaveValue('Manchester');
    // Saved as Royal Mail writes it.
    expect(screen.getByLabelText('Postcode')).toHaveValue('M3 3JZ');
  });

  it('shows a field the server refused beside it, with the spec message, and keeps every value', async () => {
    detailsFake.refuseFields = ['delivery.address.postcode'];
    const user = userEvent.setup();
    const { history } = renderStep(COLLECTION, 'northern-playhouse');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Post'));
    await fill(user, 'Address line 1', '1 Quay Street');
    await fill(user, 'Town/city', 'Manchester');
    await fill(user, 'Postcode', 'M3 3JZ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByLabelText('Postcode')).toHaveFocus());
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'Please enter a valid postcode',
    );
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Quay Street');
    expect(history.location.pathname).toBe(COLLECTION);

    // The same postcode again is not sent again; a corrected one is.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('Postcode')).toHaveFocus());
    expect(detailsFake.puts).toEqual([]);
    await fill(user, 'Postcode', 'M3 3JY');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.contacts));
    expect(detailsFake.puts).toHaveLength(1);
  });

  it('moves focus to the first problem and lists every problem when nothing is chosen', async () => {
    const user = userEvent.setup();
    renderStep(COLLECTION, 'lumen-theatre');
    await findStep('Ticket delivery');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('eTicket')).toHaveFocus());
    expect(deliveryGroup()).toHaveAccessibleDescription('Please select a delivery method');
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Please select a delivery method']);
  });

  it('saves an eTicket choice without any address and retries a dropped connection under one key', async () => {
    const keys: string[] = [];
    let drops = 1;
    server.use(
      http.put('/api/:region/holds/:holdId/details', ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (drops > 0) {
          drops -= 1;
          return HttpResponse.error();
        }
        return undefined;
      }),
    );
    const user = userEvent.setup();
    const { history } = renderStep(COLLECTION, 'lumen-theatre');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('eTicket'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.contacts), {
      timeout: 5000,
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(detailsFake.puts).toEqual([{ delivery: { method: 'eTicket', address: null } }]);
    expect(detailsFake.stored.get(HOLD_ID)?.delivery?.method).toBe('eTicket');
  });

  it('has no axe violations with the address and the finder open after a failed submit', async () => {
    const user = userEvent.setup();
    const { container } = renderStep(COLLECTION, 'lumen-theatre');
    await findStep('Ticket delivery');
    await user.click(screen.getByLabelText('Post'));
    await user.type(screen.getByLabelText('Find your address by postcode'), 'SW1A 2AA{Enter}');
    await screen.findByLabelText('Choose your address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('Address line 1')).toHaveFocus());
    // Colour contrast needs layout jsdom does not do; formColours' tests cover it.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
