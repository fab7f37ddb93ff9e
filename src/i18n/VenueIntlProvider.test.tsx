import { cleanup, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { getVenue } from '@/config/venues';
import { preloadCatalogue, VenueIntlProvider } from './VenueIntlProvider';

afterEach(cleanup);

describe('VenueIntlProvider', () => {
  it('renders nothing until the venue text has loaded, then the venue wording', async () => {
    const { container } = render(
      <VenueIntlProvider venue={getVenue('bayou-discovery')!}>
        <h1>
          <FormattedMessage id="steps.tickets.heading" />
        </h1>
      </VenueIntlProvider>,
    );
    // Never a flash of the base wording or of raw ids before the venue group arrives.
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByRole('heading')).toHaveTextContent('Select your entry tickets');
  });

  it('switches wording when the venue changes', async () => {
    const { rerender } = render(
      <VenueIntlProvider venue={getVenue('lumen-theatre')!}>
        <p>
          <FormattedMessage id="delivery.method.post" />
        </p>
      </VenueIntlProvider>,
    );
    expect(await screen.findByText('Post')).toBeInTheDocument();
    rerender(
      <VenueIntlProvider venue={getVenue('harbor-arena')!}>
        <p>
          <FormattedMessage id="delivery.method.post" />
        </p>
      </VenueIntlProvider>,
    );
    expect(await screen.findByText('Mail')).toBeInTheDocument();
    expect(screen.queryByText('Post')).toBeNull();
  });

  it('paints at once with a catalogue the route preloaded, without an empty first frame', async () => {
    await preloadCatalogue(getVenue('northern-playhouse')!);
    render(
      <VenueIntlProvider venue={getVenue('northern-playhouse')!}>
        <h1>
          <FormattedMessage id="steps.tickets.heading" />
        </h1>
      </VenueIntlProvider>,
    );
    // Synchronously: the first render already has the text, no load is waited for.
    expect(screen.getByRole('heading')).toHaveTextContent(/\S/);
  });
});
