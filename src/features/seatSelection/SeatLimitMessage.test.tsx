import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { getVenue, type VenueConfig } from '@/config/venues';
import { renderWithProviders } from '../../../tests/msw/render';
import { useMswServer } from '../../../tests/msw/server';
import { SeatLimitMessage } from './SeatLimitMessage';

useMswServer();

function venue(slug: string): VenueConfig {
  const found = getVenue(slug);
  if (found === undefined) throw new Error(`venues/${slug}/ is not configured`);
  return found;
}

/** The message as the buyer meets it past the limit: in the venue's own frame and wording. */
async function renderLimit(slug: string, limit: number) {
  renderWithProviders(<SeatLimitMessage venue={venue(slug)} limit={limit} reached />, {
    routeEnv: { venueSlug: slug, showSlug: 'the-glass-orchard' },
  });
  // Polite: read out after what the buyer is hearing, beside the click that caused it.
  return screen.findByRole('status');
}

describe('the seat limit message', () => {
  it('offers a venue’s online group booking request beside its phone number', async () => {
    const { groupBookingUrl } = venue('harbor-arena').settings;
    expect(groupBookingUrl).toMatch(/^https:\/\//);
    const alert = await renderLimit('harbor-arena', 12);
    expect(alert).toHaveTextContent("Sorry, you can't purchase more than 12 seats online.");
    // The venue's own wording (venues/harbor-arena/messages/en-US.json) around the number.
    expect(alert).toHaveTextContent(
      'Booking for 13 or more? Call Harbor Arena group sales at (617) 555-0119.',
    );
    expect(within(alert).getByRole('link', { name: '(617) 555-0119' })).toHaveAttribute(
      'href',
      'tel:+16175550119',
    );
    expect(
      within(alert).getByRole('link', { name: 'Send us a group booking request' }),
    ).toHaveAttribute('href', groupBookingUrl);
  });

  it('offers only the phone where the venue takes no group requests online', async () => {
    expect(venue('lumen-theatre').settings.groupBookingUrl).toBeUndefined();
    const alert = await renderLimit('lumen-theatre', 10);
    expect(alert).toHaveTextContent("Sorry, you can't purchase more than 10 seats online.");
    expect(alert).toHaveTextContent('Booking for a larger group? Call us on 020 7946 0123.');
    expect(within(alert).getAllByRole('link')).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: '020 7946 0123' })).toHaveAttribute(
      'href',
      'tel:+442079460123',
    );
    // Not even as text: without an address there is nowhere for the request to go.
    expect(alert).not.toHaveTextContent('Send us a group booking request');
  });
});
