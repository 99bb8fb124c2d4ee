-- The kinds of e-mail a person turned off (Settings, or an unsubscribe link); no row: sent.
-- Account, security and money e-mails have no category and are always sent.
CREATE TABLE email_opt_outs (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('projects', 'quotes', 'messages')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, category)
);

-- The key that signs unsubscribe links (HMAC of the person and the category): one for every
-- instance, made here so that no deployment has to configure it. A link works without signing
-- in and cannot be made for someone else without the key.
CREATE TABLE mail_link_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  key text NOT NULL
);
INSERT INTO mail_link_key (key) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
