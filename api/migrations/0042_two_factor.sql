-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238). One factor per client account or
-- admin; its secret is kept encrypted (AES-256-GCM, the key outside the database) and never
-- returned once confirmed. `last_step` is the last time step whose code was accepted: a code works
-- once (RFC 6238 §5.2).
CREATE TABLE two_factor_factors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (admin_id IS NULL))
);
CREATE UNIQUE INDEX two_factor_factors_user_idx ON two_factor_factors (user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX two_factor_factors_admin_idx ON two_factor_factors (admin_id) WHERE admin_id IS NOT NULL;

-- Ten single-use recovery codes per factor, kept as SHA-256 digests (they are long random strings).
CREATE TABLE two_factor_recovery_codes (
  factor_id uuid NOT NULL REFERENCES two_factor_factors (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (factor_id, code_hash)
);

-- The step between the password and the session: a short-lived token (its digest) that only a
-- second factor turns into a session. `purpose` 'enrol' is an admin who must enrol first.
CREATE TABLE two_factor_challenges (
  token_hash text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('code', 'enrol')),
  failures int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  CHECK ((user_id IS NULL) <> (admin_id IS NULL))
);
CREATE INDEX two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);

-- Browsers where the owner ticked "remember this device": the cookie's digest, for 30 days,
-- revocable (turning two-factor off, signing out everywhere).
CREATE TABLE two_factor_remembered_devices (
  token_hash text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (admin_id IS NULL))
);
CREATE INDEX two_factor_remembered_user_idx ON two_factor_remembered_devices (user_id);
CREATE INDEX two_factor_remembered_admin_idx ON two_factor_remembered_devices (admin_id);

-- A second factor is now mandatory for admins: sessions opened with a password alone end, and
-- each admin enrols at their next sign-in.
DELETE FROM admin_sessions;
