import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the secrets links carry, and keeps the rest readable', () => {
    expect(redactUrl('/api/v1/auth/social/callback?provider=google&code=abc123&state=xyz')).toBe(
      '/api/v1/auth/social/callback?provider=google&code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/verify-email?token=s3cr3t#top')).toBe('/verify-email?token=[redacted]#top');
    expect(redactUrl('/api/v1/designs?page=2')).toBe('/api/v1/designs?page=2');
  });

  it('hides a parameter named for a secret, whatever the rest of its name', () => {
    expect(redactUrl('/main/settings?confirm_email=abcdef')).toBe('/main/settings?confirm_email=[redacted]');
    expect(redactUrl('/x?undoToken=1&api_key=2&client_secret=3&otp=4&signature=5&sessionId=6&Password=7')).toBe(
      '/x?undoToken=[redacted]&api_key=[redacted]&client_secret=[redacted]&otp=[redacted]&signature=[redacted]&sessionId=[redacted]&Password=[redacted]',
    );
  });

  it('hides any value shaped like a generated secret, whatever its parameter is called', () => {
    const secret = 'Qm9vLXRoaXMtaXMtYS1yYW5kb20tdG9rZW4tdmFsdWU';
    expect(redactUrl(`/somewhere?link=${secret}&page=3`)).toBe('/somewhere?link=[redacted]&page=3');
    // Not secrets: ids and words stay, for reading the logs.
    expect(redactUrl('/api/v1/projects?project_id=0b6c1f0e-8a7d-4c3e-9f5a-2d1b3c4e5f60&status=in_progress&q=kitchen%20tiles')).toBe(
      '/api/v1/projects?project_id=0b6c1f0e-8a7d-4c3e-9f5a-2d1b3c4e5f60&status=in_progress&q=kitchen%20tiles',
    );
  });
});
