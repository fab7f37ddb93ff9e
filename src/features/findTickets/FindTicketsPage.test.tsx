import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import type { FindTicketsBody } from '@contract/api/findTickets';
import { http } from '../../../tests/msw/contract';
import { apiError } from '../../../tests/msw/handlers';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

/** The page's chunk and the session on a loaded 2-core machine. */
const SLOW = { timeout: 15_000 };

/** What the service was asked, and what it answers: 202 for any pair unless told otherwise. */
let asked: { body: FindTicketsBody; csrf: string | null }[];
let answer: () => Response;

beforeEach(() => {
  asked = [];
  answer = () => HttpResponse.json({}, { status: 202 });
  server.use(
    http.post('/services/customer-accounts/find-tickets', async ({ request }) => {
      asked.push({
        body: (await request.json()) as FindTicketsBody,
        csrf: request.headers.get('x-csrf-token'),
      });
      return answer();
    }),
  );
});

async function openPage(route = '/find-tickets?venue=lumen-theatre') {
  const user = userEvent.setup();
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: 'Find my tickets' }, SLOW);
  return { user, ...view };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email address' });
const numberField = () => screen.getByRole('textbox', { name: /^Order number/ });

describe('Find my tickets (/find-tickets)', { timeout: 30_000 }, () => {
  it('is linked from the header and the page-not-found page', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/no-such-page' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, SLOW);
    const main = screen.getByRole('main');
    expect(within(main).getByText(/Looking for tickets you've bought\?/)).toBeInTheDocument();
    // One in the page's header band, one in the page itself.
    const links = screen.getAllByRole('link', { name: 'Find my tickets' });
    expect(links).toHaveLength(2);
    const [inHeader] = links.filter((link) => !main.contains(link));
    expect(inHeader!.closest('header')).not.toBeNull();
    await user.click(within(main).getByRole('link', { name: 'Find my tickets' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find my tickets' }, SLOW),
    ).toBeInTheDocument();
    // On a venue's page the header's link keeps the venue's frame.
    expect(screen.getByRole('link', { name: 'Find my tickets' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/find-tickets/),
    );
  });

  it('sends the pair as one order number however it was typed, and says what happens next where focus is', async () => {
    const { user, container } = await openPage();
    expect(
      screen.getByText(
        "Lost your confirmation email? Enter the email address you booked with and your order number, and we'll send the email with your tickets again.",
      ),
    ).toBeInTheDocument();
    const axeResult = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(axeResult.violations.map((violation) => violation.id)).toEqual([]);

    await user.type(emailField(), ' grace@example.com ');
    await user.type(numberField(), 'sd 7k3q-f9xm');
    // The keyboard alone: Enter submits.
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'Check your email' },
      SLOW,
    );
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      "If that order was booked with grace@example.com, we've sent its confirmation email with your tickets there again. It can take a few minutes to arrive.",
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toEqual({ email: 'grace@example.com', orderNumber: 'SD-7K3QF9XM' });
    expect(asked[0]!.csrf).toEqual(expect.any(String));
  });

  it('asks for an order number it can read before sending anything', async () => {
    const { user } = await openPage();
    await user.type(emailField(), 'grace@example.com');
    await user.type(numberField(), 'SD-0000');
    await user.click(screen.getByRole('button', { name: 'Send my tickets again' }));
    expect(
      await screen.findByText(
        'Enter your order number as it was given to you, for example SD-7K3QF9XM',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(numberField()).toHaveFocus());
    expect(numberField()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(numberField());
    await user.click(screen.getByRole('button', { name: 'Send my tickets again' }));
    expect(await screen.findByText('Enter your order number')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says when there have been too many requests, keeping what was typed, and sends on a later try', async () => {
    answer = () => apiError(429, 'rate_limited');
    const { user } = await openPage();
    await user.type(emailField(), 'grace@example.com');
    await user.type(numberField(), 'SD-7K3QF9XM');
    await user.click(screen.getByRole('button', { name: 'Send my tickets again' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'There have been too many requests for this order or email address. Please wait a while and try again.',
    );
    expect(emailField()).toHaveValue('grace@example.com');
    expect(numberField()).toHaveValue('SD-7K3QF9XM');

    answer = () => apiError(503, 'service_unavailable');
    await user.click(screen.getByRole('button', { name: 'Send my tickets again' }));
    expect(
      await screen.findByText(
        "We couldn't send your tickets just now. Please try again.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();

    answer = () => HttpResponse.json({}, { status: 202 });
    await user.click(screen.getByRole('button', { name: 'Send my tickets again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Check your email' }, SLOW),
    ).toHaveFocus();
    expect(asked).toHaveLength(3);
  });
});
