-- Linked performances (issue 24): a two-part show plays Part One and Part Two as two
-- performances on the same seating plan, sold together. Each part names the other, so whichever
-- part a query starts from finds its pair in one join. A seat of the pair has one
-- seat_allocations row per part, both written by one hold (hold_seats) or one sale, so the
-- primary key there still forbids selling a seat of either part twice.
ALTER TABLE performances
  ADD COLUMN part smallint CHECK (part IN (1, 2)),
  ADD COLUMN linked_performance_id uuid UNIQUE REFERENCES performances (id);
ALTER TABLE performances ADD CONSTRAINT performances_part_linked
  CHECK ((part IS NULL) = (linked_performance_id IS NULL) AND linked_performance_id <> id);
