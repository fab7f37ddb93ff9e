-- The standard price of a show needs no name of its own: it is shown with the venue's default
-- price label, "Full Price" (spec §3), in the venue's own wording. Other options keep theirs
-- ("Concession", "Child (3–11)", "Standing with early entry").
ALTER TABLE price_options ALTER COLUMN name DROP NOT NULL;
COMMENT ON COLUMN price_options.name IS
  'NULL for the standard price, shown as the venue''s default label ("Full Price")';
