import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/api/errors';
import { toReservationError } from '@/features/hold/reservationSaga';
import type { ReservationError } from '@/features/hold/reservationSlice';
import { renderWithProviders } from '../../../tests/msw/render';
import { useMswServer } from '../../../tests/msw/server';
import { ReservationErrorAlert } from './ReservationErrorAlert';

useMswServer();

/**
 * What the tickets page shows above the buyer's choice when a reserve fails (the errors come
 * from the reservation flow: reservationFlow.test.ts), in the Lumen Theatre's en-GB frame.
 */
async function renderAlert(error: ReservationError, takenSeats: string[] = []) {
  const onRetry = vi.fn();
  renderWithProviders(
    <ReservationErrorAlert error={error} takenSeats={takenSeats} onRetry={onRetry} />,
  );
  return { onRetry, alert: await screen.findByRole('alert') };
}

describe('the reservation error alert', () => {
  it.each([
    ['connection', "We couldn't reach the box office. Please check your connection and try again."],
    ['general', 'Sorry, something went wrong while reserving your seats. Please try again.'],
  ] as const)(
    'explains a %s failure and sends the same reserve again on "Try again"',
    async (error, text) => {
      const user = userEvent.setup();
      const { alert, onRetry } = await renderAlert(error);
      expect(within(alert).getByText(text)).toBeInTheDocument();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(onRetry).toHaveBeenCalledOnce();
    },
  );

  it('says why a reserve over what one connection may hold was refused, with no retry', async () => {
    expect(toReservationError(new ApiError('http', 422, 'client_hold_limit'))).toBe('clientLimit');
    const { alert } = await renderAlert('clientLimit');
    expect(alert).toHaveTextContent(
      'Sorry, too many tickets for this performance are already reserved from your connection.',
    );
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says a single-use code another order used is used (issue 24), with no retry', async () => {
    expect(toReservationError(new ApiError('http', 422, 'promo_single_use'))).toBe(
      'promoSingleUse',
    );
    const { alert } = await renderAlert('promoSingleUse');
    expect(alert).toHaveTextContent(
      'Sorry, this promo code can only be used once, and it has already been used.',
    );
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the seats another buyer got first, and offers no retry of the same seats', async () => {
    const { alert } = await renderAlert('unavailable', [
      'Stalls, Row B, Seat 4, £65',
      'Stalls, Row B, Seat 5, £65',
    ]);
    expect(alert).toHaveTextContent('These seats are no longer available.');
    expect(alert).toHaveTextContent(
      'Taken by another buyer: Stalls, Row B, Seat 4, £65; Stalls, Row B, Seat 5, £65',
    );
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
