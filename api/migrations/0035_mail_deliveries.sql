-- One row per e-mail the SMTP server has accepted, under the key of the job (or of the job and
-- recipient) that sent it: a job tried again after its instance died mid-batch finds its row and
-- sends nothing a second time. Rows older than the queue keeps jobs are deleted by the cleanup.
CREATE TABLE mail_deliveries (
  key text PRIMARY KEY,
  sent_at timestamptz NOT NULL DEFAULT now()
);
