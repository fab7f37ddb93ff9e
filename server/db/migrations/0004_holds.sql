-- Reservation holds (issue 4). A hold belongs to one session and carries one deadline for its
-- whole basket. Held seats stay in seat_allocations (its primary key forbids two live holds or
-- sales of one seat) with a copy of their hold's deadline, so an expired hold's seat can be taken
-- over by the very INSERT ... ON CONFLICT that claims it, with no sweeper involved.
CREATE TABLE holds (
  id uuid PRIMARY KEY,
  -- No cascade: deleting a session must release its holds first (DELETE /holds/:id does), or
  -- the general-admission places they took would never be given back.
  session_id uuid NOT NULL REFERENCES sessions (id),
  performance_id uuid NOT NULL REFERENCES performances (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  extensions integer NOT NULL DEFAULT 0 CHECK (extensions >= 0),
  -- Seats the hold was created with: an extension that finds fewer has lost them to a takeover.
  seat_count integer NOT NULL DEFAULT 0 CHECK (seat_count >= 0),
  -- Admissions likewise (their sum over areas).
  admission_count integer NOT NULL DEFAULT 0 CHECK (admission_count >= 0),
  CHECK (expires_at > created_at)
);
CREATE INDEX holds_session ON holds (session_id, performance_id);
CREATE INDEX holds_expires ON holds (expires_at);

ALTER TABLE seat_allocations
  ADD COLUMN hold_id uuid REFERENCES holds (id) ON DELETE CASCADE,
  -- NULL on a 'held' row (written outside the hold API) means held with no deadline: never
  -- taken over, never offered.
  ADD COLUMN held_until timestamptz;
CREATE INDEX seat_allocations_hold ON seat_allocations (hold_id) WHERE hold_id IS NOT NULL;

-- Admissions a hold took from admission_capacities.sold, so release and expiry can give them back.
-- No cascade either: a hold is deleted only after its admissions have been given back.
CREATE TABLE hold_admissions (
  hold_id uuid NOT NULL REFERENCES holds (id),
  performance_id uuid NOT NULL,
  area_code text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (hold_id, area_code),
  FOREIGN KEY (performance_id, area_code) REFERENCES admission_capacities (performance_id, area_code)
);

-- Idempotency keys of state-changing calls, per session (design §3). The answer is stored in the
-- same transaction as the work it describes, so a replay can never disagree with the database.
CREATE TABLE idempotency_keys (
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, key),
  CHECK (state = 'in_flight' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
