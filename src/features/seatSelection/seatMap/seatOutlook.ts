import { hasFlag, type SeatMapModel } from './model';

/**
 * Where a seat sits relative to the stage, for the generated "view from seat" picture. The plan
 * carries no stage position, so this reads the seat's place in its own section: how far back its
 * row is, how far along the row it sits, and how high its part of house is.
 */
export interface SeatOutlook {
  /** 0 = front row of its section, 1 = back row. */
  depth: number;
  /** −1 = first seat of the row, 0 = centre, 1 = last seat. */
  side: number;
  /** 0 = lowest part of house, 1 = highest. */
  elevation: number;
  restrictedView: boolean;
}

export function seatOutlook(model: SeatMapModel, index: number): SeatOutlook {
  const section = model.sections[model.section[index]!]!;
  const rowIndex = model.row[index]!;
  const rowsInSection = section.rows.length;
  const rowPosition = section.rows.indexOf(rowIndex);
  const seats = model.rows[rowIndex]!.seats;
  const seatPosition = seats.indexOf(index);
  const levels = model.levels.length;
  return {
    depth: rowsInSection > 1 ? rowPosition / (rowsInSection - 1) : 0,
    side: seats.length > 1 ? (seatPosition / (seats.length - 1)) * 2 - 1 : 0,
    elevation: levels > 1 ? model.levels.indexOf(section.level) / (levels - 1) : 0,
    restrictedView: hasFlag(model, index, 'restrictedView'),
  };
}
