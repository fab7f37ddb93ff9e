-- The demo catalogue: venues, seating plans with one row per seat, shows, performances and the
-- per-performance inventory. Money is in minor units (pence, cents).

CREATE TABLE venues (
  slug text PRIMARY KEY,
  region text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  timezone text NOT NULL,
  description jsonb NOT NULL,
  address jsonb NOT NULL,
  access_information text NOT NULL,
  image jsonb NOT NULL,
  -- Per-ticket booking fee, included in every all-in ticket price.
  booking_fee integer NOT NULL CHECK (booking_fee >= 0),
  -- Per-order transaction fee (members of a scheme that waives it pay none).
  transaction_fee integer NOT NULL CHECK (transaction_fee >= 0),
  queue_active boolean NOT NULL DEFAULT false
);
CREATE INDEX venues_region ON venues (region);

CREATE TABLE seating_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  venue_slug text NOT NULL REFERENCES venues (slug),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reserved', 'general-admission', 'timed-entry')),
  UNIQUE (venue_slug, name)
);

CREATE TABLE plan_sections (
  seating_plan_id uuid NOT NULL REFERENCES seating_plans (id),
  code text NOT NULL,
  name text NOT NULL,
  -- Level (Stalls, Dress Circle...) or bowl the section belongs to.
  level text NOT NULL,
  sort_order integer NOT NULL,
  PRIMARY KEY (seating_plan_id, code)
);

CREATE TABLE seats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seating_plan_id uuid NOT NULL REFERENCES seating_plans (id),
  section_code text NOT NULL,
  row_label text NOT NULL,
  seat_number integer NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  price_band text NOT NULL,
  -- Bistro and upsell price zone of the seat's part of the house.
  price_zone text NOT NULL,
  is_restricted_view boolean NOT NULL DEFAULT false,
  is_wheelchair boolean NOT NULL DEFAULT false,
  is_companion boolean NOT NULL DEFAULT false,
  is_access_zone boolean NOT NULL DEFAULT false,
  is_amex boolean NOT NULL DEFAULT false,
  FOREIGN KEY (seating_plan_id, section_code) REFERENCES plan_sections (seating_plan_id, code),
  UNIQUE (seating_plan_id, section_code, row_label, seat_number)
);

-- Standing areas and timed-entry allowances; a performance's capacity per area is below.
CREATE TABLE admission_areas (
  seating_plan_id uuid NOT NULL REFERENCES seating_plans (id),
  code text NOT NULL,
  name text NOT NULL,
  default_capacity integer NOT NULL CHECK (default_capacity > 0),
  PRIMARY KEY (seating_plan_id, code)
);

CREATE TABLE shows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  venue_slug text NOT NULL REFERENCES venues (slug),
  title_slug text NOT NULL,
  title text NOT NULL,
  strapline text NOT NULL,
  description jsonb NOT NULL,
  images jsonb NOT NULL,
  running_time_minutes integer NOT NULL CHECK (running_time_minutes > 0),
  intervals integer NOT NULL CHECK (intervals >= 0),
  age_guidance text NOT NULL,
  access_information text NOT NULL,
  genre text NOT NULL,
  seating_plan_id uuid NOT NULL REFERENCES seating_plans (id),
  UNIQUE (venue_slug, title_slug)
);

-- Ticket prices: reserved seating prices each band; general admission and timed entry sell options.
CREATE TABLE price_options (
  show_id uuid NOT NULL REFERENCES shows (id),
  code text NOT NULL,
  name text NOT NULL,
  -- A seat price band code, or NULL for an admission option valid in `admission_area`.
  price_band text,
  admission_area text,
  face_value integer NOT NULL CHECK (face_value >= 0),
  sort_order integer NOT NULL,
  PRIMARY KEY (show_id, code)
);

CREATE TABLE offers (
  show_id uuid NOT NULL REFERENCES shows (id),
  type text NOT NULL CHECK (type IN ('package', 'wheelchair', 'accessZone', 'amex')),
  name text NOT NULL,
  description text NOT NULL,
  -- Package price on top of the ticket (package offers only).
  extra_amount integer CHECK (extra_amount >= 0),
  PRIMARY KEY (show_id, type)
);

CREATE TABLE performances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  show_id uuid NOT NULL REFERENCES shows (id),
  starts_at timestamptz NOT NULL,
  -- Until this instant only presale code holders and eligible members may buy.
  presale_until timestamptz,
  notice text,
  admission_section_message text,
  UNIQUE (show_id, starts_at)
);
CREATE INDEX performances_show_start ON performances (show_id, starts_at);

-- Per-performance seat state. The primary key is what makes selling or holding one seat twice
-- impossible, whatever the application code does.
CREATE TABLE seat_allocations (
  performance_id uuid NOT NULL REFERENCES performances (id),
  seat_id uuid NOT NULL REFERENCES seats (id),
  status text NOT NULL CHECK (status IN ('held', 'sold')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (performance_id, seat_id)
);

CREATE TABLE admission_capacities (
  performance_id uuid NOT NULL REFERENCES performances (id),
  seating_plan_id uuid NOT NULL,
  area_code text NOT NULL,
  capacity integer NOT NULL,
  sold integer NOT NULL DEFAULT 0,
  CHECK (sold >= 0 AND sold <= capacity),
  PRIMARY KEY (performance_id, area_code),
  FOREIGN KEY (seating_plan_id, area_code) REFERENCES admission_areas (seating_plan_id, code)
);

CREATE TABLE upsell_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  venue_slug text NOT NULL REFERENCES venues (slug),
  kind text NOT NULL CHECK (kind IN ('programme', 'drink', 'bistro')),
  name text NOT NULL,
  description text NOT NULL,
  -- Bistro items are priced by the seat's price zone; NULL means any zone.
  price_zone text,
  amount integer NOT NULL CHECK (amount >= 0),
  UNIQUE (venue_slug, name, price_zone)
);

CREATE TABLE ticket_protection_products (
  id uuid PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  label text NOT NULL
);

CREATE TABLE ticket_protection_fees (
  product_id uuid NOT NULL REFERENCES ticket_protection_products (id),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  fee_per_ticket integer NOT NULL CHECK (fee_per_ticket >= 0),
  PRIMARY KEY (product_id, currency)
);

CREATE TABLE membership_schemes (
  slug text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  waives_transaction_fee boolean NOT NULL,
  presale_access boolean NOT NULL
);

CREATE TABLE promo_codes (
  code text PRIMARY KEY,
  venue_slug text NOT NULL REFERENCES venues (slug),
  -- NULL: valid for every show at the venue.
  show_id uuid REFERENCES shows (id),
  kind text NOT NULL CHECK (kind IN ('promo', 'presale')),
  description text NOT NULL,
  discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  membership_scheme text REFERENCES membership_schemes (slug),
  single_use boolean NOT NULL DEFAULT false,
  valid_from timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  CHECK (valid_until > valid_from)
);

-- One row per catalogue version the seed has written; the seed does nothing when its row exists.
CREATE TABLE seed_versions (
  name text PRIMARY KEY,
  version integer NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
