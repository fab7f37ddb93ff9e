-- Aisles the venue marks beside a seat (issue 24): the single-seat rule (contract/seatGaps.ts)
-- counts a marked aisle as closing a row, so one seat left between a choice and an aisle is
-- refused, while the end of a row with nothing marked (a wall) is not. The demo plans mark what
-- server/catalogue/seed/seatingPlans.ts draws: the theatre's side aisles and its centre aisle
-- between seats 12 and 13, and the aisle at each end of every arena section's rows.
ALTER TABLE seats
  ADD COLUMN aisle_before boolean NOT NULL DEFAULT false,
  ADD COLUMN aisle_after boolean NOT NULL DEFAULT false;

UPDATE seats s
SET aisle_before = s.seat_number IN (1, 13),
    aisle_after = s.seat_number IN (12, 25)
FROM seating_plans sp
WHERE sp.id = s.seating_plan_id AND sp.kind = 'reserved' AND sp.name = 'Theatre';

UPDATE seats s
SET aisle_before = s.seat_number = 1,
    aisle_after = s.seat_number = 25
FROM seating_plans sp
WHERE sp.id = s.seating_plan_id AND sp.kind = 'reserved' AND sp.name = 'Arena';
