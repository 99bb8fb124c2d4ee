-- Request lists kept by each instance are forgotten only where a change touches them, not all
-- at once: announced on 'listings_changed' as a JSON array naming what changed.
--   ["area", category, country]   an open request of that trade and country appeared,
--                                 changed or went (its card, or the area's count)
--   ["project", id]               a project's card changed (its status, its bid count...), for
--                                 the specialists who keep it among their invitations and quotes
--   ["specialist", id]            what one specialist sees changed: their trades and cities, an
--                                 invitation, a quote, an insolvency
-- and an empty payload (migration 0031) for everything: an owner's new name, a table emptied.
-- Statements that add or remove many rows announce each distinct change once, from their
-- transition tables; PostgreSQL sends each distinct payload once per transaction.

DROP TRIGGER projects_announce_listings ON projects;
DROP TRIGGER projects_announce_listings_update ON projects;
DROP TRIGGER quotes_announce_listings ON quotes;
DROP TRIGGER invites_announce_listings ON invites;
DROP TRIGGER specialist_profiles_announce_listings ON specialist_profiles;
DROP TRIGGER insolvencies_announce_listings ON insolvencies;

CREATE FUNCTION announce_listings(kind text, a text, b text DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('listings_changed', json_build_array(kind, a, b)::text);
$$;

-- Projects: the areas of the open requests a statement added or removed (the quotes and
-- invitations a removed project takes with it announce their specialists).
CREATE FUNCTION announce_project_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_listings('area', category, country) FROM (SELECT DISTINCT category, country FROM changed_rows WHERE status = 'open') areas;
  RETURN NULL;
END $$;
CREATE TRIGGER projects_announce_added AFTER INSERT ON projects REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_project_rows();
CREATE TRIGGER projects_announce_removed AFTER DELETE ON projects REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_project_rows();

-- A project whose card or place changed: its area before and after while open, and its card.
-- Only a change of what a card shows announces: payments write projects' statuses, and an
-- unchanged row must cost them nothing.
CREATE FUNCTION announce_project_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'open' THEN PERFORM announce_listings('area', OLD.category, OLD.country); END IF;
  IF NEW.status = 'open' THEN PERFORM announce_listings('area', NEW.category, NEW.country); END IF;
  PERFORM announce_listings('project', NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER projects_announce_change AFTER UPDATE ON projects
  FOR EACH ROW WHEN (
    (OLD.status, OLD.title, OLD.category, OLD.country, OLD.city, OLD.quote_type, OLD.budget_min, OLD.budget_max, OLD.currency,
     OLD.created_at, OLD.owner_id)
    IS DISTINCT FROM
    (NEW.status, NEW.title, NEW.category, NEW.country, NEW.city, NEW.quote_type, NEW.budget_min, NEW.budget_max, NEW.currency,
     NEW.created_at, NEW.owner_id))
  EXECUTE FUNCTION announce_project_change();

-- Quotes: the specialist who quoted, and the project's bid count wherever its card is kept.
CREATE FUNCTION announce_quote(project uuid, specialist uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_listings('specialist', specialist::text);
  PERFORM announce_listings('project', project::text);
  PERFORM announce_listings('area', p.category, p.country) FROM projects p WHERE p.id = project AND p.status = 'open';
END $$;
CREATE FUNCTION announce_quote_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_quote(project_id, specialist_id) FROM (SELECT DISTINCT project_id, specialist_id FROM changed_rows) quoted;
  RETURN NULL;
END $$;
CREATE FUNCTION announce_quote_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_quote(OLD.project_id, OLD.specialist_id);
  PERFORM announce_quote(NEW.project_id, NEW.specialist_id);
  RETURN NULL;
END $$;
CREATE TRIGGER quotes_announce_added AFTER INSERT ON quotes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_quote_rows();
CREATE TRIGGER quotes_announce_removed AFTER DELETE ON quotes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_quote_rows();
CREATE TRIGGER quotes_announce_change AFTER UPDATE OF status, project_id, specialist_id ON quotes
  FOR EACH ROW EXECUTE FUNCTION announce_quote_change();

-- Invitations, profiles and insolvencies: the specialist they are about, in the column the
-- trigger names (invitations sent by e-mail name none yet).
CREATE FUNCTION announce_specialist_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_listings('specialist', s)
     FROM (SELECT DISTINCT to_jsonb(c) ->> TG_ARGV[0] AS s FROM changed_rows c) named
    WHERE s IS NOT NULL;
  RETURN NULL;
END $$;
CREATE FUNCTION announce_specialist_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_listings('specialist', s)
     FROM (SELECT DISTINCT s FROM (VALUES (to_jsonb(OLD) ->> TG_ARGV[0]), (to_jsonb(NEW) ->> TG_ARGV[0])) named (s)) both_sides
    WHERE s IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER invites_announce_added AFTER INSERT ON invites REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('specialist_id');
CREATE TRIGGER invites_announce_removed AFTER DELETE ON invites REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('specialist_id');
CREATE TRIGGER invites_announce_change AFTER UPDATE OF status, project_id, specialist_id ON invites
  FOR EACH ROW EXECUTE FUNCTION announce_specialist_change('specialist_id');
CREATE TRIGGER specialist_profiles_announce_added AFTER INSERT ON specialist_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('user_id');
CREATE TRIGGER specialist_profiles_announce_removed AFTER DELETE ON specialist_profiles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('user_id');
CREATE TRIGGER specialist_profiles_announce_change AFTER UPDATE OF user_id, categories, service_country, service_cities ON specialist_profiles
  FOR EACH ROW EXECUTE FUNCTION announce_specialist_change('user_id');
CREATE TRIGGER insolvencies_announce_added AFTER INSERT ON insolvencies REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('contractor_id');
CREATE TRIGGER insolvencies_announce_removed AFTER DELETE ON insolvencies REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_specialist_rows('contractor_id');
CREATE TRIGGER insolvencies_announce_change AFTER UPDATE ON insolvencies
  FOR EACH ROW EXECUTE FUNCTION announce_specialist_change('contractor_id');

-- A table emptied: everything.
CREATE TRIGGER projects_announce_emptied AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER quotes_announce_emptied AFTER TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER invites_announce_emptied AFTER TRUNCATE ON invites FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER specialist_profiles_announce_emptied AFTER TRUNCATE ON specialist_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER insolvencies_announce_emptied AFTER TRUNCATE ON insolvencies FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
