-- The specialist's filtered request list (GET /projects?category=…&city=…) compares
-- lower(city): without this index the planner walked every project of the trade
-- (projects_requests_idx starts with the status, which sits inside an OR there).
CREATE INDEX projects_category_city_idx ON projects (category, lower(city), created_at DESC);
