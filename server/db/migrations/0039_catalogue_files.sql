-- The catalogue a venue owns (issue 25): shows, plans and prices come from venues/<slug>/ files,
-- applied on every start by server/catalogue/files/sync.ts.

-- A performance the files no longer list is taken off sale, never deleted: its sales, holds and
-- tickets stay as they are, and it is no longer offered or holdable.
ALTER TABLE performances ADD COLUMN off_sale_at timestamptz;

-- The hash of the plan file a plan was written from: an unchanged file is not read into the
-- database again.
ALTER TABLE seating_plans ADD COLUMN content_hash text;

-- One row: the instant the catalogue was first loaded (relative dates such as "+15" in the files
-- count from its venue-local day) and the hash of what was last applied (files and day), so a
-- start with nothing changed costs one SELECT.
CREATE TABLE catalogue_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  anchored_at timestamptz NOT NULL,
  applied_hash text
);

-- A database the TypeScript seed filled before: its relative dates count from that seed's day,
-- so the files describe the performances it already has.
INSERT INTO catalogue_state (anchored_at)
SELECT seeded_at FROM seed_versions WHERE name = 'demo-catalogue';

-- The face value a live hold was made at, for each price the catalogue changed since: that hold
-- keeps its price through checkout, and holds made after the change pay the new one. Written by
-- the sync only when a price changes, so the hold path itself writes nothing more.
CREATE TABLE hold_prices (
  hold_id uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
  code text NOT NULL,
  face_value integer NOT NULL CHECK (face_value >= 0),
  PRIMARY KEY (hold_id, code)
);
