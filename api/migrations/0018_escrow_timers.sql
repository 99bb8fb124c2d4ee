-- Escrow timers. An approved milestone is released on its own at `auto_release_at` unless the
-- client releases or disputes it first; a dispute clears the date.
ALTER TABLE milestones ADD COLUMN auto_release_at timestamptz;
-- Milestones approved before the rule existed: their clients get at least a week's notice.
UPDATE milestones m SET auto_release_at = GREATEST(m.inspected_at + interval '14 days', now() + interval '7 days')
 WHERE m.status = 'approved' AND m.inspected_at IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.milestone_id = m.id);
CREATE INDEX milestones_auto_release_idx ON milestones (auto_release_at) WHERE status = 'approved' AND auto_release_at IS NOT NULL;

-- What a timer did (a reminder sent, a release, an escalation): each (subject, event) once,
-- however many instances run the timers and however late they run.
CREATE TABLE escrow_timer_events (
  subject_id uuid NOT NULL,
  event text NOT NULL,
  fired_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject_id, event)
);
