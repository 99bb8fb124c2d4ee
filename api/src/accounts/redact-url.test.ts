import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the secrets links carry, and keeps the rest readable', () => {
    expect(redactUrl('/api/v1/auth/social/callback?provider=google&code=abc123&state=xyz')).toBe(
      '/api/v1/auth/social/callback?provider=google&code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/verify-email?token=s3cr3t#top')).toBe('/verify-email?token=[redacted]#top');
    expect(redactUrl('/api/v1/designs?page=2')).toBe('/api/v1/designs?page=2');
  });
});
