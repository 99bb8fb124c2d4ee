-- A specialist who serves a whole country reads the open requests of each of their
-- trades there newest first, a page at a time: without this index the planner read every
-- open request of the trade in the country (the open-requests index orders them by city first)
-- to sort them. Only open projects are requests.
CREATE INDEX projects_country_requests_idx ON projects (category, country, created_at DESC, id) INCLUDE (city) WHERE status = 'open';
