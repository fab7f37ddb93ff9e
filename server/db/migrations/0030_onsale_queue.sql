-- The onsale queue (issue 16). All of it lives here, so every server process on this database
-- shares one queue, one order and one outflow, and a restart loses no one's place.

-- One row per sale (venues/<slug>/venue.json queue.sales, written by the first process to start).
-- Outflow moves one pointer: a place is let through once admitted_through reaches it, so letting
-- a thousand buyers through is one UPDATE, and a buyer's position is two primary-key reads.
CREATE TABLE queue_sales (
  sale_id text PRIMARY KEY,
  venue_slug text NOT NULL REFERENCES venues (slug),
  opens_at timestamptz NOT NULL,
  -- Set by the draw at the opening; from then on places are given in order of arrival.
  drawn boolean NOT NULL DEFAULT false,
  -- Everyone with a place, pre-queue included (a running count: never COUNT(*) per call).
  entries integer NOT NULL DEFAULT 0 CHECK (entries >= 0),
  -- Places handed out so far are 1..last_place.
  last_place integer NOT NULL DEFAULT 0 CHECK (last_place >= 0),
  admitted_through integer NOT NULL DEFAULT 0 CHECK (admitted_through >= 0),
  -- The meter: when it last let buyers through, and the fraction of a buyer it still owes.
  metered_at timestamptz,
  credit double precision NOT NULL DEFAULT 0
);

CREATE TABLE queue_entries (
  sale_id text NOT NULL REFERENCES queue_sales (sale_id),
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  -- NULL in the pre-queue until the draw.
  place integer,
  -- Set when the buyer first collects the pass; never renewed (a spent place queues again).
  pass_expires_at timestamptz,
  PRIMARY KEY (sale_id, session_id)
);
-- One buyer per place; the draw and the arrivals after it fill 1..last_place.
CREATE UNIQUE INDEX queue_entries_place ON queue_entries (sale_id, place);
-- The cap on buyers choosing at once counts the live passes.
CREATE INDEX queue_entries_passes ON queue_entries (sale_id, pass_expires_at)
  WHERE pass_expires_at IS NOT NULL;
