-- Instances keep the first requests of each trade and area, and each specialist's areas,
-- invitations and quotes, so a specialist's request list is answered without a statement.
-- Whatever could change a card or which cards a specialist sees is announced on
-- 'listings_changed', whoever writes it, and every instance forgets what it kept. NOTIFY is
-- sent when the change commits, once per transaction however many rows it touched.
CREATE FUNCTION announce_listings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listings_changed', '');
  RETURN NULL;
END $$;

-- A project appears, disappears, or changes what its card shows. Only a change of those columns
-- announces: payments write projects' statuses, and an unchanged row must cost them nothing.
CREATE TRIGGER projects_announce_listings AFTER INSERT OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER projects_announce_listings_update AFTER UPDATE ON projects
  FOR EACH ROW WHEN (
    (OLD.status, OLD.title, OLD.category, OLD.country, OLD.city, OLD.quote_type, OLD.budget_min, OLD.budget_max, OLD.currency,
     OLD.created_at, OLD.owner_id)
    IS DISTINCT FROM
    (NEW.status, NEW.title, NEW.category, NEW.country, NEW.city, NEW.quote_type, NEW.budget_min, NEW.budget_max, NEW.currency,
     NEW.created_at, NEW.owner_id))
  EXECUTE FUNCTION announce_listings_change();

-- Bid counts, and the projects a specialist quoted on or was invited to.
CREATE TRIGGER quotes_announce_listings AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, project_id, specialist_id ON quotes
  FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER invites_announce_listings AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, project_id, specialist_id ON invites
  FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();

-- A specialist's trades and cities, and an insolvency, which ends their requests.
CREATE TRIGGER specialist_profiles_announce_listings AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF categories, service_country, service_cities
  ON specialist_profiles FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();
CREATE TRIGGER insolvencies_announce_listings AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON insolvencies
  FOR EACH STATEMENT EXECUTE FUNCTION announce_listings_change();

-- The owner's name on a card.
CREATE TRIGGER users_announce_listings AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION announce_listings_change();
