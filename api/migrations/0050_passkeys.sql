-- Passkeys (WebAuthn credentials) of client accounts: a sign-in method of their own and a second
-- factor after the password. `id` is the credential id the authenticator chose (base64url);
-- `counter` is its signature counter (0 for authenticators that keep none, which is allowed);
-- `backed_up` says whether the authenticator syncs it to other devices (a "multi-device" passkey).
CREATE TABLE passkey_credentials (
  id text PRIMARY KEY CHECK (length(id) <= 1400),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkey_credentials_user_idx ON passkey_credentials (user_id);

-- The challenges handed to the browser, kept server-side so each is answered once and soon:
-- taken with DELETE … RETURNING, dead after a few minutes. 'register' and 'second_factor' belong
-- to an account; 'sign_in' (usernameless) to no one until a passkey answers it. A second-factor
-- challenge also names the password step it finishes.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'second_factor')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  two_factor_token_hash text,
  expires_at timestamptz NOT NULL,
  CHECK ((purpose = 'sign_in') = (user_id IS NULL))
);
CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
