-- Issue 25: every email names the venue it is written as, so the SMTP transport sends it from
-- that venue's address with its Reply-To (venue.json `email`). Not a foreign key, like order_id:
-- an email's record outlives whatever later happens to its venue.
ALTER TABLE email_outbox ADD COLUMN venue_slug text;

-- The confirmations already written know their venue through their order; other emails written
-- before this column stay without one, and the transport keeps them unsent with the reason.
UPDATE email_outbox AS e SET venue_slug = s.venue_slug
FROM orders AS o
JOIN performances AS p ON p.id = o.performance_id
JOIN shows AS s ON s.id = p.show_id
WHERE e.order_id = o.id AND e.kind = 'order_confirmation';
