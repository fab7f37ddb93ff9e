import { describe, expect, it } from 'vitest';
import { heldState } from '../../../tests/msw/checkoutState';
import {
  holdExpired,
  orderConfirmed,
  reservationSlice,
  restoreStarted,
  type ReservationState,
} from './reservationSlice';

const reduce = (
  state: ReservationState,
  ...actions: Parameters<typeof reservationSlice.reducer>[1][]
) => actions.reduce(reservationSlice.reducer, state);

describe('the reservation machine', () => {
  it('expires a held hold', () => {
    const held = heldState().reservation!;
    expect(reduce(held, holdExpired()).status).toBe('expired');
  });

  it('ignores a late "hold expired" once the hold became an order, so no expiry dialog covers the confirmation', () => {
    const held = heldState().reservation!;
    const confirmed = reduce(
      held,
      orderConfirmed({ orderId: '0DE40000-0000-4000-8000-000000000001' }),
    );
    const after = reduce(confirmed, holdExpired());
    expect(after).toEqual(confirmed);
    expect(after.status).toBe('none');
  });

  it('ignores it while a reload is still looking the hold up: the restore decides', () => {
    const { region, venueSlug, titleSlug, performanceId } = heldState().reservation!;
    const restoring = reduce(
      heldState().reservation!,
      restoreStarted({
        region: region!,
        venueSlug: venueSlug!,
        titleSlug: titleSlug!,
        performanceId: performanceId!,
      }),
    );
    expect(reduce(restoring, holdExpired()).status).toBe('restoring');
  });
});
