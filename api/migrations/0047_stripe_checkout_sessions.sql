-- Stripe's Checkout Session behind each card pay-in: Stripe cannot be searched by our reference
-- (the payment intent's provider key), so the adapter keeps the session's id, written before the
-- client is sent to its page, to look the payment up when a webhook is lost.
CREATE TABLE stripe_checkout_sessions (
  reference text PRIMARY KEY,
  session_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
