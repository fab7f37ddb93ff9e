-- Issue 25, Find my tickets: a guest who lost the confirmation email gets a copy of it, a row of
-- its own (kind order_confirmation_copy) with the order's id, so an order may have any number of
-- copies while it still has one confirmation.
DO $$
DECLARE
  def text;
  kinds text[];
BEGIN
  -- Keeps every kind other branches added, as 0020 does. 0020 wrote its list as one array
  -- literal ('{a,b}'::text[]), earlier ones as quoted words (ARRAY['a'::text, …]): read either.
  SELECT pg_get_constraintdef(c.oid) INTO def
  FROM pg_constraint c
  WHERE c.conname = 'email_outbox_kind_check' AND c.conrelid = 'email_outbox'::regclass;
  IF def ~ '''\{' THEN
    kinds := string_to_array(substring(def from '''\{([^}]*)\}'''), ',');
  ELSE
    SELECT array_agg(m[1]) INTO kinds FROM regexp_matches(def, '''([a-z_]+)''', 'g') AS m;
  END IF;
  EXECUTE 'ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check';
  -- Written as quoted words, the form both readers above (and 0020's) understand.
  EXECUTE format(
    'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind = ANY (ARRAY[%s]))',
    (SELECT string_agg(quote_literal(kind), ', ')
     FROM unnest(array_append(kinds, 'order_confirmation_copy')) AS kind));
END $$;

DROP INDEX email_outbox_order_kind;
CREATE UNIQUE INDEX email_outbox_order_kind ON email_outbox (order_id, kind)
  WHERE order_id IS NOT NULL AND kind <> 'order_confirmation_copy';
