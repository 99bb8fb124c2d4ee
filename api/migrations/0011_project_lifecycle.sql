-- The whole project lifecycle of the reference book: draft → open → contracted → in progress →
-- completed, or cancelled. After a quote is selected, the project's status is derived from its
-- contracts by triggers, in the same transaction as the escrow change that moves it, so the
-- escrow code never has to remember the project and the two can never disagree.

ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_status_check;
ALTER TABLE projects ADD CONSTRAINT projects_status_check
  CHECK (status IN ('draft', 'open', 'contracted', 'in_progress', 'completed', 'cancelled'));

-- What a project's contracts say its status is; NULL when it has none (the client decides then).
--   a live contract (active or frozen) with money moved on the project: in progress;
--   a live contract with nothing funded yet: contracted;
--   no live contract and one completed: completed;
--   every contract ended without completion (an insolvency settled by a refund): cancelled.
-- Money moved on an ended contract counts: a replacement contract continues work already begun.
CREATE FUNCTION project_status_from_contracts(project uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM contracts c WHERE c.project_id = project) THEN NULL
    WHEN EXISTS (SELECT 1 FROM contracts c WHERE c.project_id = project AND c.status IN ('active', 'frozen')) THEN
      CASE WHEN EXISTS (
        SELECT 1 FROM milestones m JOIN contracts c ON c.id = m.contract_id
         WHERE c.project_id = project AND m.status <> 'draft'
      ) THEN 'in_progress' ELSE 'contracted' END
    WHEN EXISTS (SELECT 1 FROM contracts c WHERE c.project_id = project AND c.status = 'completed') THEN 'completed'
    ELSE 'cancelled'
  END
$$;

CREATE FUNCTION project_follow_contracts(project uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  derived text := project_status_from_contracts(project);
BEGIN
  -- Only a real change writes the row: most escrow steps leave the project where it is.
  IF derived IS NOT NULL THEN
    UPDATE projects SET status = derived, updated_at = now() WHERE id = project AND status IS DISTINCT FROM derived;
  END IF;
END $$;

CREATE FUNCTION contracts_move_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_follow_contracts(NEW.project_id);
  RETURN NULL;
END $$;
CREATE TRIGGER contracts_move_project AFTER INSERT OR UPDATE OF status ON contracts
  FOR EACH ROW EXECUTE FUNCTION contracts_move_project();

CREATE FUNCTION milestones_move_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_follow_contracts((SELECT c.project_id FROM contracts c WHERE c.id = NEW.contract_id));
  RETURN NULL;
END $$;
-- Only the first funding moves a project (contracted → in progress); later milestone steps are cheap no-ops.
CREATE TRIGGER milestones_move_project AFTER UPDATE OF status ON milestones
  FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status <> 'draft')
  EXECUTE FUNCTION milestones_move_project();

-- Projects that stopped at "contracted" before this migration.
UPDATE projects p SET status = project_status_from_contracts(p.id), updated_at = now()
 WHERE project_status_from_contracts(p.id) IS NOT NULL AND p.status IS DISTINCT FROM project_status_from_contracts(p.id);

-- A client's drafts and projects by status (the dashboards and the status filter).
CREATE INDEX projects_owner_status_idx ON projects (owner_id, status, created_at DESC);
-- The projects an expert inspects.
CREATE INDEX contracts_expert_project_idx ON contracts (expert_id, project_id) WHERE expert_id IS NOT NULL;

-- Countries of users are ISO 3166 codes, as sign-up stores them; screens show the name in the
-- reader's language. Older rows (the first demo accounts) held English names.
CREATE FUNCTION country_code(name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    (SELECT m.code FROM (VALUES
      ('CM', 'cameroon'), ('CM', 'cameroun'),
      ('GA', 'gabon'),
      ('CG', 'congo'), ('CG', 'republic of the congo'), ('CG', 'congo-brazzaville'), ('CG', 'république du congo'),
      ('CI', 'côte d’ivoire'), ('CI', 'côte d''ivoire'), ('CI', 'cote d''ivoire'), ('CI', 'ivory coast'),
      ('SN', 'senegal'), ('SN', 'sénégal'),
      ('BJ', 'benin'), ('BJ', 'bénin'),
      ('TG', 'togo'),
      ('FR', 'france'),
      ('BE', 'belgium'), ('BE', 'belgique'),
      ('DE', 'germany'), ('DE', 'allemagne'),
      ('CH', 'switzerland'), ('CH', 'suisse'),
      ('GB', 'united kingdom'), ('GB', 'royaume-uni'), ('GB', 'uk'),
      ('CA', 'canada'),
      ('US', 'united states'), ('US', 'états-unis'), ('US', 'usa')
    ) AS m(code, name) WHERE m.name = lower(trim(country_code.name))),
    CASE WHEN trim(name) ~* '^[a-z]{2}$' THEN upper(trim(name)) END,
    name)
$$;
UPDATE users SET country = country_code(country) WHERE country IS DISTINCT FROM country_code(country);
-- Whoever writes a user (sign-up, profile, social sign-in, seeds), the row keeps the code.
CREATE FUNCTION users_country_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.country := country_code(NEW.country);
  RETURN NEW;
END $$;
CREATE TRIGGER users_country_code BEFORE INSERT OR UPDATE OF country ON users
  FOR EACH ROW EXECUTE FUNCTION users_country_code();
