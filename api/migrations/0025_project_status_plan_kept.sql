-- The project's status derived from its contracts, in PL/pgSQL, which keeps the plan of its
-- statement for the session: as a function in SQL it was planned anew on every call (about
-- 0.5 ms of a contract's first funding and of its last release). Same rules as migration 0011.
CREATE OR REPLACE FUNCTION project_status_from_contracts(project uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
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
  );
END $$;
