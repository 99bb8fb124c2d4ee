-- Attempt counters behind the rate limits, shared by every instance of the API
-- on this database: one row per key and window (rate-limiter-flexible's
-- PostgreSQL layout, the key as text so a long e-mail address fits).
-- `expire` is the end of the window in milliseconds since the epoch.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- Ended windows are deleted every few minutes.
CREATE INDEX rate_limit_counters_expire ON rate_limit_counters (expire);
