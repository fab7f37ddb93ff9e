import { createSelector } from '@reduxjs/toolkit';
import { buildSeatMapModel } from './seatMap/model';
import { selectSeats } from './seatsSlice';
import { selectLinkedAvailability } from './linkedAvailabilitySlice';
import { combinePartsStatus } from './linkedStatus';

/**
 * What the buyer has chosen so far and what it costs, derived from the seat status the server
 * answered (its band and price-option prices, all-in) — never summed by hand in a component.
 * Memoised: an arena's model is rebuilt only when the plan or the status changes.
 */

const selectPlan = createSelector([selectSeats], (seats) => seats.plan);
/**
 * The live status the buyer chooses from: for a two-part show, combined with the other part's
 * answer once the linked availabilities flow has it (a seat is free only when free in both).
 */
const selectSeatStatus = createSelector([selectSeats, selectLinkedAvailability], (seats, linked) =>
  seats.seatStatus !== null &&
  linked.seatStatus !== null &&
  linked.request?.forPerformanceId === seats.performanceId
    ? combinePartsStatus(seats.seatStatus, linked.seatStatus)
    : seats.seatStatus,
);
const selectSelected = createSelector([selectSeats], (seats) => seats.selected);
const selectQuantities = createSelector([selectSeats], (seats) => seats.quantities);

/** The seat map of a reserved-seating plan with the live status; null for general admission. */
export const selectSeatMapModel = createSelector([selectPlan, selectSeatStatus], (plan, status) =>
  plan !== null && status !== null && plan.seating === 'reserved'
    ? buildSeatMapModel(plan, status)
    : null,
);

/** The picked seats as indexes into the model, in the order they were picked. */
export const selectSelectedIndexes = createSelector(
  [selectSeatMapModel, selectSelected],
  (model, selected): ReadonlySet<number> => {
    if (model === null) return new Set();
    const indexOf = new Map(model.ids.map((id, i) => [id, i]));
    return new Set(selected.flatMap((id) => indexOf.get(id) ?? []));
  },
);

/** The picked seats' total in minor units, at their bands' prices for this performance. */
export const selectSelectionTotal = createSelector(
  [selectSeatMapModel, selectSelectedIndexes],
  (model, indexes) =>
    model === null
      ? 0
      : [...indexes].reduce((sum, i) => sum + (model.bands[model.band[i]!]?.price ?? 0), 0),
);

/** The places asked for, per area and price option (only those with a quantity). */
export const selectChosenAdmissions = createSelector([selectQuantities], (quantities) =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [area = '', priceOption = ''] = key.split('/');
      return { area, priceOption, quantity };
    }),
);

/** How many places are asked for. */
export const selectAdmissionsCount = createSelector([selectChosenAdmissions], (admissions) =>
  admissions.reduce((sum, a) => sum + a.quantity, 0),
);

/** The places' total in minor units, at their price options' prices. */
export const selectAdmissionsTotal = createSelector(
  [selectChosenAdmissions, selectSeatStatus],
  (admissions, status) =>
    admissions.reduce(
      (sum, a) =>
        sum +
        a.quantity *
          (status?.priceOptions.find((o) => o.code === a.priceOption && o.area === a.area)?.price ??
            0),
      0,
    ),
);
