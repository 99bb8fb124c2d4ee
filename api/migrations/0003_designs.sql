-- Home designs shown on the landing page ("popular designs") and, later, in the catalog.
-- Costs are kept in one base currency (EUR cents) and converted when answering.
CREATE TABLE designs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  tier text NOT NULL CHECK (tier IN ('standard', 'premium', 'luxury')),
  rooms integer NOT NULL CHECK (rooms > 0),
  area_m2 integer NOT NULL CHECK (area_m2 > 0),
  image_file text NOT NULL,
  cost_min_eur_cents bigint NOT NULL CHECK (cost_min_eur_cents >= 0),
  cost_max_eur_cents bigint NOT NULL CHECK (cost_max_eur_cents >= cost_min_eur_cents),
  featured boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX designs_featured_order_idx ON designs (featured, sort_order);
