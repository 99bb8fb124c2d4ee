-- Marketplace core: specialist profiles, projects with documents, invitations,
-- quotes with their milestone plans, and in-app notifications.

-- What a specialist offers and where: decides which project requests they receive.
CREATE TABLE specialist_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_name text NOT NULL DEFAULT '',
  headline text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  categories text[] NOT NULL DEFAULT '{}',
  service_country text NOT NULL DEFAULT '',
  -- Empty means the whole country.
  service_cities text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX specialist_profiles_categories_idx ON specialist_profiles USING gin (categories);

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  country text NOT NULL,
  city text NOT NULL,
  -- Amounts in minor units of `currency` (none for XAF, cents for EUR).
  budget_min bigint CHECK (budget_min >= 0),
  budget_max bigint CHECK (budget_max >= 0),
  currency text NOT NULL,
  desired_start date,
  design_id uuid REFERENCES designs (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'contracted', 'in_progress', 'completed', 'cancelled')),
  quote_type text NOT NULL DEFAULT 'request_a_quote' CHECK (quote_type = 'request_a_quote'),
  search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description || ' ' || city)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (budget_min IS NULL OR budget_max IS NULL OR budget_min <= budget_max)
);
-- A client's own projects, newest first.
CREATE INDEX projects_owner_idx ON projects (owner_id, created_at DESC);
-- Open requests a specialist may see: by status, trade and place, newest first.
CREATE INDEX projects_requests_idx ON projects (status, category, country, city, created_at DESC);
CREATE INDEX projects_created_idx ON projects (created_at DESC, id DESC);
CREATE INDEX projects_search_idx ON projects USING gin (search);

CREATE TABLE project_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  stored_name text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- clock_timestamp, not now(): documents of one upload keep the order they were sent in.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX project_documents_project_idx ON project_documents (project_id, created_at);

-- A client asks a chosen specialist to quote, or asks someone by e-mail to join.
CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inviter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
  specialist_id uuid REFERENCES users (id) ON DELETE CASCADE,
  email text,
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  responded_at timestamptz,
  CHECK ((specialist_id IS NOT NULL AND project_id IS NOT NULL AND email IS NULL) OR (specialist_id IS NULL AND email IS NOT NULL))
);
CREATE UNIQUE INDEX invites_once_idx ON invites (project_id, specialist_id) WHERE specialist_id IS NOT NULL;
CREATE INDEX invites_specialist_idx ON invites (specialist_id, created_at DESC);
CREATE INDEX invites_inviter_idx ON invites (inviter_id, created_at DESC);

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  specialist_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  duration_days integer NOT NULL CHECK (duration_days > 0),
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'selected', 'rejected', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, specialist_id)
);
CREATE INDEX quotes_project_idx ON quotes (project_id, status);
CREATE INDEX quotes_specialist_idx ON quotes (specialist_id, created_at DESC);
-- At most one selected quote per project, whatever the race.
CREATE UNIQUE INDEX quotes_one_selected_idx ON quotes (project_id) WHERE status = 'selected';

CREATE TABLE quote_milestones (
  quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  title text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (quote_id, position)
);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- Rendered in the reader's language from `kind` and `data`.
  data jsonb NOT NULL DEFAULT '{}',
  link text NOT NULL DEFAULT '',
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
