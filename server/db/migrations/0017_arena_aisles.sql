-- The demo arena's sections had no aisles between them (issue 13): seats of neighbouring sections
-- sat one seat apart, so the seat map had nowhere to write row numbers. Each section now spans 27
-- seat places with its 25 seats in the middle, as server/db/seed/seatingPlans.ts arenaPlan()
-- places them for new databases; seat ids, rows, numbers and prices are unchanged.
UPDATE seats s
SET x = round(800 + placed.radius * cos(placed.angle))::integer,
    y = round(800 + placed.radius * sin(placed.angle))::integer
FROM (
  SELECT seat.id,
         (CASE WHEN seat.section_code LIKE '1%' THEN 360 ELSE 560 END + seat.row_label::integer * 9)::float8
           AS radius,
         (((seat.section_code::integer % 100) - 1 + (seat.seat_number + 0.5) / 27.0) / 20.0 * 2 * pi())::float8
           AS angle
  FROM seats seat
  JOIN seating_plans sp ON sp.id = seat.seating_plan_id
  WHERE sp.kind = 'reserved' AND sp.name = 'Arena'
) placed
WHERE s.id = placed.id;
