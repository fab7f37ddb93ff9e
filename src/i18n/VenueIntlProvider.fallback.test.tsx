import { act, cleanup, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getVenue } from '@/config/venues';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/lazyWithTimeout';
import type * as LoadMessages from './loadMessages';
import { VenueIntlProvider } from './VenueIntlProvider';

// A venue whose own text never arrives (a chunk stuck on a bad network).
vi.mock('./loadMessages', async (original) => ({
  ...(await original<typeof LoadMessages>()),
  loadOverrides: () => new Promise(() => undefined),
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('VenueIntlProvider when the venue text never arrives', () => {
  it('draws the page in the shop’s own words after the chunk timeout, not a blank page for good', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = render(
      <VenueIntlProvider venue={getVenue('bayou-discovery')!}>
        <h1>
          <FormattedMessage id="steps.tickets.heading" />
        </h1>
      </VenueIntlProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(container).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(2));
    // The source's wording, where Bayou Discovery would say "Select your entry tickets".
    expect(screen.getByRole('heading')).toHaveTextContent('Select your tickets');
  });
});
