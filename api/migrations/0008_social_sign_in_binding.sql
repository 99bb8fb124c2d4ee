-- Social sign-in bound to the browser that started it (login CSRF), with PKCE and the
-- OpenID Connect nonce; and provider identities linked to an existing verified account
-- only once its owner has confirmed (password or e-mailed link).

-- Flows started before this change carry none of the bindings: they cannot finish safely.
DELETE FROM oauth_states;
ALTER TABLE oauth_states
  -- SHA-256 of the secret in the starting browser's HttpOnly cookie.
  ADD COLUMN browser_hash text NOT NULL,
  -- PKCE (S256) verifier sent with the code; only its challenge went to the provider.
  ADD COLUMN code_verifier text NOT NULL,
  -- Expected in the provider's ID token (OpenID Connect providers).
  ADD COLUMN nonce text NOT NULL;
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

-- A provider identity waiting for the owner of the verified account with its address.
CREATE TABLE social_link_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Handed to the browser that came back from the provider (hashed here).
  token_hash text NOT NULL UNIQUE,
  -- The latest link mailed to the account's address, if one was asked for (hashed here).
  mail_token_hash text UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX social_link_requests_expires_idx ON social_link_requests (expires_at);
