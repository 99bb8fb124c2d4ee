-- The job's record on site (docs/site-record.md): a dated timeline of entries with photos,
-- change orders that alter the milestone plan, and a hash chain per contract over both and over
-- the inspections and releases, so a party can prove later that nothing was altered.

-- Photos of the timeline and attachments of change orders are escrow files like the others; each
-- file keeps the SHA-256 of its bytes, and a photo its capture time and position from EXIF.
CREATE TABLE daily_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  author_id uuid NOT NULL REFERENCES users (id),
  author_role text NOT NULL CHECK (author_role IN ('client', 'contractor', 'expert')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  edited_at timestamptz
);
CREATE INDEX daily_logs_contract_idx ON daily_logs (contract_id, created_at DESC, id);

CREATE TABLE daily_log_annotations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  daily_log_id uuid NOT NULL REFERENCES daily_logs (id),
  author_id uuid NOT NULL REFERENCES users (id),
  author_role text NOT NULL CHECK (author_role IN ('client', 'contractor', 'expert')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX daily_log_annotations_log_idx ON daily_log_annotations (daily_log_id, created_at, id);

-- A change order: what changes and why, the price difference per milestone or a new milestone,
-- an optional new end date, and the date by which the other party answers. An unanswered one
-- past that date is expired (read, never written: nothing changes when it lapses).
CREATE TABLE change_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  proposed_by uuid NOT NULL REFERENCES users (id),
  proposer_role text NOT NULL CHECK (proposer_role IN ('client', 'contractor')),
  title text NOT NULL CHECK (length(title) BETWEEN 3 AND 120),
  reason text NOT NULL CHECK (length(reason) BETWEEN 10 AND 2000),
  new_end_date date,
  respond_by timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'declined')),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((status = 'proposed') = (decided_at IS NULL))
);
CREATE INDEX change_orders_contract_idx ON change_orders (contract_id, created_at DESC, id);

-- One line per milestone changed (`milestone_id`, a price difference) or added (`title`, an
-- amount). `applied_milestone_id` is the milestone the approval changed or created; `refunded`
-- what a decrease gave back to the client from escrow.
CREATE TABLE change_order_lines (
  change_order_id uuid NOT NULL REFERENCES change_orders (id),
  position integer NOT NULL CHECK (position > 0),
  milestone_id uuid REFERENCES milestones (id),
  title text CHECK (length(title) BETWEEN 2 AND 120),
  amount_delta bigint NOT NULL CHECK (amount_delta <> 0),
  applied_milestone_id uuid REFERENCES milestones (id),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  PRIMARY KEY (change_order_id, position),
  CHECK ((milestone_id IS NULL) = (title IS NOT NULL)),
  CHECK (milestone_id IS NOT NULL OR amount_delta > 0)
);

ALTER TABLE contracts ADD COLUMN planned_end date;

ALTER TABLE escrow_files DROP CONSTRAINT escrow_files_purpose_check;
ALTER TABLE escrow_files ADD CONSTRAINT escrow_files_purpose_check
  CHECK (purpose IN ('photo', 'report', 'estimate', 'evidence', 'daily_log', 'change_order'));
ALTER TABLE escrow_files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
ALTER TABLE escrow_files ADD COLUMN captured_at timestamptz;
ALTER TABLE escrow_files ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90);
ALTER TABLE escrow_files ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
ALTER TABLE escrow_files ADD COLUMN daily_log_id uuid REFERENCES daily_logs (id);
ALTER TABLE escrow_files ADD COLUMN change_order_id uuid REFERENCES change_orders (id);
CREATE INDEX escrow_files_daily_log_idx ON escrow_files (daily_log_id) WHERE daily_log_id IS NOT NULL;
CREATE INDEX escrow_files_change_order_idx ON escrow_files (change_order_id) WHERE change_order_id IS NOT NULL;

-- The chain: record n of a contract carries the hash of record n - 1 (64 zeros for the first),
-- the hash of its files' hashes and its own hash over all of it. `payload` is what the record
-- said when it was written, as `site_record_payload` reads it from the live rows.
CREATE TABLE site_records (
  contract_id uuid NOT NULL REFERENCES contracts (id),
  seq integer NOT NULL CHECK (seq > 0),
  kind text NOT NULL CHECK (kind IN ('daily_log', 'annotation', 'change_order', 'inspection', 'release')),
  subject_id uuid NOT NULL,
  payload jsonb NOT NULL,
  files_hash text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (contract_id, seq)
);
CREATE INDEX site_records_subject_idx ON site_records (contract_id, kind, subject_id, seq DESC);

-- The head of each contract's chain: the row appends lock, so two records never take one number.
CREATE TABLE site_record_heads (
  contract_id uuid PRIMARY KEY REFERENCES contracts (id),
  seq integer NOT NULL DEFAULT 0,
  hash text NOT NULL DEFAULT repeat('0', 64)
);

-- Times in a payload are UTC text: a jsonb timestamp would follow the session's time zone.
CREATE FUNCTION site_time(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

CREATE FUNCTION site_files(files_of text, subject uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'id', f.id, 'name', f.file_name, 'sha256', f.sha256, 'captured_at', site_time(f.captured_at),
           'latitude', f.latitude, 'longitude', f.longitude) ORDER BY f.created_at, f.id), '[]'::jsonb)
    FROM escrow_files f
   WHERE CASE files_of
           WHEN 'daily_log' THEN f.daily_log_id = subject
           WHEN 'change_order' THEN f.change_order_id = subject
           WHEN 'report' THEN f.milestone_id = subject AND f.purpose = 'report'
         END
$$;

/* What a record of `record_kind` about `subject` says, read from the live rows (NULL when the row is gone). */
CREATE FUNCTION site_record_payload(record_kind text, subject uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE record_kind
    WHEN 'daily_log' THEN (
      SELECT jsonb_build_object('author', l.author_id, 'role', l.author_role, 'body', l.body,
               'at', site_time(l.created_at), 'edited_at', site_time(l.edited_at), 'files', site_files('daily_log', l.id))
        FROM daily_logs l WHERE l.id = subject)
    WHEN 'annotation' THEN (
      SELECT jsonb_build_object('entry', a.daily_log_id, 'author', a.author_id, 'role', a.author_role, 'body', a.body,
               'at', site_time(a.created_at), 'files', '[]'::jsonb)
        FROM daily_log_annotations a WHERE a.id = subject)
    WHEN 'change_order' THEN (
      SELECT jsonb_build_object('author', o.proposed_by, 'role', o.proposer_role, 'title', o.title, 'reason', o.reason,
               'new_end_date', o.new_end_date::text, 'respond_by', site_time(o.respond_by), 'status', o.status,
               'decided_by', o.decided_by, 'decided_at', site_time(o.decided_at), 'at', site_time(o.created_at),
               'lines', (SELECT coalesce(jsonb_agg(jsonb_build_object('milestone', l.milestone_id, 'title', l.title,
                                  'amount_delta', l.amount_delta, 'applied_to', l.applied_milestone_id, 'refunded', l.refunded)
                                  ORDER BY l.position), '[]'::jsonb)
                           FROM change_order_lines l WHERE l.change_order_id = o.id),
               'files', site_files('change_order', o.id))
        FROM change_orders o WHERE o.id = subject)
    WHEN 'inspection' THEN (
      SELECT jsonb_build_object('milestone', m.title, 'decision', m.inspection_decision, 'notes', m.inspection_notes,
               'expert', m.inspected_by, 'at', site_time(m.inspected_at), 'files', site_files('report', m.id))
        FROM milestones m WHERE m.id = subject)
    WHEN 'release' THEN (
      SELECT jsonb_build_object('milestone', m.title, 'status', m.status, 'amount', m.amount,
               'paid_to_contractor', m.paid_to_contractor, 'refunded', m.refunded_amount, 'at', site_time(m.released_at),
               'files', '[]'::jsonb)
        FROM milestones m WHERE m.id = subject)
  END
$$;

/* The hash of a record's files: over their SHA-256 in order, empty text for none. */
CREATE FUNCTION site_files_hash(payload jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(encode(sha256(convert_to(string_agg(f->>'sha256', '' ORDER BY n), 'UTF8')), 'hex'), '')
    FROM jsonb_array_elements(coalesce(payload->'files', '[]'::jsonb)) WITH ORDINALITY AS e (f, n)
$$;

CREATE FUNCTION site_record_hash(prev_hash text, contract uuid, seq integer, kind text, subject uuid, files_hash text, payload jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', prev_hash, contract::text, seq::text, kind, subject::text, files_hash, payload::text), 'UTF8')), 'hex')
$$;

/* Appends the record of `subject` as it now stands to its contract's chain. */
CREATE FUNCTION site_record_append(contract uuid, record_kind text, subject uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head site_record_heads;
  body jsonb := site_record_payload(record_kind, subject);
  files text := site_files_hash(body);
  digest text;
BEGIN
  INSERT INTO site_record_heads (contract_id) VALUES (contract) ON CONFLICT DO NOTHING;
  SELECT * INTO head FROM site_record_heads h WHERE h.contract_id = contract FOR UPDATE;
  digest := site_record_hash(head.hash, contract, head.seq + 1, record_kind, subject, files, body);
  INSERT INTO site_records (contract_id, seq, kind, subject_id, payload, files_hash, prev_hash, hash)
  VALUES (contract, head.seq + 1, record_kind, subject, body, files, head.hash, digest);
  UPDATE site_record_heads SET seq = head.seq + 1, hash = digest WHERE contract_id = contract;
END
$$;

/*
 * Every broken link of a contract's chain, first first: a record missing or out of order, one
 * whose previous hash, files hash or own hash does not match, the latest record of a subject
 * that no longer matches its live row, and a head that is not the last record.
 */
CREATE FUNCTION site_record_breaks(contract uuid) RETURNS TABLE (seq integer, kind text, subject_id uuid, reason text)
LANGUAGE sql STABLE AS $$
  WITH chain AS (
    SELECT r.*, lag(r.hash) OVER w AS before_hash, lag(r.seq) OVER w AS before_seq,
           r.seq = max(r.seq) OVER (PARTITION BY r.kind, r.subject_id) AS latest
      FROM site_records r WHERE r.contract_id = contract
    WINDOW w AS (ORDER BY r.seq)
  ), checked AS (
    SELECT c.seq, c.kind, c.subject_id, CASE
             WHEN c.seq <> coalesce(c.before_seq, 0) + 1 THEN 'missing'
             WHEN c.prev_hash <> coalesce(c.before_hash, repeat('0', 64)) THEN 'link'
             WHEN c.files_hash <> site_files_hash(c.payload) THEN 'files'
             WHEN c.hash <> site_record_hash(c.prev_hash, c.contract_id, c.seq, c.kind, c.subject_id, c.files_hash, c.payload) THEN 'hash'
             WHEN c.latest AND site_record_payload(c.kind, c.subject_id) IS DISTINCT FROM c.payload THEN 'altered'
           END AS reason
      FROM chain c
  )
  SELECT * FROM checked WHERE reason IS NOT NULL
  UNION ALL
  SELECT h.seq, NULL, NULL, 'head' FROM site_record_heads h
   WHERE h.contract_id = contract
     AND h.seq > 0
     AND (SELECT r.seq || ':' || r.hash FROM site_records r WHERE r.contract_id = contract ORDER BY r.seq DESC LIMIT 1)
         IS DISTINCT FROM h.seq || ':' || h.hash
  ORDER BY 1
$$;

-- Inspections and releases join the chain when their transaction commits: the report files are
-- written after the milestone, and releases run in the escrow functions, in batches.
CREATE FUNCTION milestones_site_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inspected_at IS DISTINCT FROM OLD.inspected_at AND NEW.inspected_at IS NOT NULL THEN
    PERFORM site_record_append(NEW.contract_id, 'inspection', NEW.id);
  END IF;
  IF NEW.released_at IS DISTINCT FROM OLD.released_at AND NEW.released_at IS NOT NULL THEN
    PERFORM site_record_append(NEW.contract_id, 'release', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER milestones_site_record AFTER UPDATE OF inspected_at, released_at ON milestones
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.inspected_at IS DISTINCT FROM OLD.inspected_at OR NEW.released_at IS DISTINCT FROM OLD.released_at)
  EXECUTE FUNCTION milestones_site_record();
