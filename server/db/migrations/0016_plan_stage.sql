-- Where the performance happens on a reserved plan (issue 13): the seat map draws and names the
-- stage, pitch or floor so a buyer sees which way the seats face. Stated, not guessed from the
-- seats: an end stage and a central floor leave the same ring of seats.
ALTER TABLE seating_plans
  ADD COLUMN stage_kind text CHECK (stage_kind IN ('stage', 'pitch', 'floor')),
  ADD COLUMN stage_x integer,
  ADD COLUMN stage_y integer,
  ADD COLUMN stage_width integer CHECK (stage_width > 0),
  ADD COLUMN stage_height integer CHECK (stage_height > 0),
  ADD CONSTRAINT seating_plans_stage_whole CHECK (
    (stage_kind IS NULL) = (stage_x IS NULL)
    AND (stage_kind IS NULL) = (stage_y IS NULL)
    AND (stage_kind IS NULL) = (stage_width IS NULL)
    AND (stage_kind IS NULL) = (stage_height IS NULL)
  );

-- Databases seeded before this migration: the demo plans' stages, as server/db/seed/seatingPlans.ts
-- states them for new ones (the theatre's stage in front of the Stalls, the arena's central floor).
UPDATE seating_plans
SET stage_kind = 'stage', stage_x = 64, stage_y = -150, stage_width = 600, stage_height = 70
WHERE kind = 'reserved' AND name = 'Theatre' AND stage_kind IS NULL;

UPDATE seating_plans
SET stage_kind = 'floor', stage_x = 550, stage_y = 630, stage_width = 500, stage_height = 340
WHERE kind = 'reserved' AND name = 'Arena' AND stage_kind IS NULL;
