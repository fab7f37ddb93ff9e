-- A plan's seats are fixed once written, so its size is stored rather than counted on every
-- show-page read (20,000 rows at the arena). Existing databases are backfilled here; the seed
-- fills it for new ones.
ALTER TABLE seating_plans ADD COLUMN seat_count integer NOT NULL DEFAULT 0 CHECK (seat_count >= 0);

UPDATE seating_plans sp
SET seat_count = (SELECT count(*) FROM seats s WHERE s.seating_plan_id = sp.id);
