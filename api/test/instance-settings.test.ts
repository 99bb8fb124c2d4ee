import { loadConfig } from '../src/config';

it('counts attempts in the database unless REDIS_URL names a Redis server', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).rateLimitStore).toEqual({ kind: 'database' });
  expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://cache:6379' }).rateLimitStore).toEqual({
    kind: 'redis',
    url: 'redis://cache:6379',
    keyPrefix: 'fundament:attempts',
  });
  expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'rediss://cache:6380', REDIS_KEY_PREFIX: 'staging' }).rateLimitStore).toMatchObject({
    keyPrefix: 'staging',
  });
});

it('refuses to start with a REDIS_URL that is not one, without writing its password in the log', () => {
  for (const wrong of ['cache:6379', 'http://user:s3cret@cache:6379']) {
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: wrong })).toThrow('Invalid REDIS_URL');
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: wrong })).not.toThrow(/s3cret/);
  }
});

it('reads the shutdown settings, and refuses wrong ones', () => {
  expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ shutdownDrainMs: 0, shutdownTimeoutMs: 10_000 });
  expect(loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' })).toMatchObject({
    shutdownDrainMs: 5000,
    shutdownTimeoutMs: 30_000,
  });
  expect(() => loadConfig({ NODE_ENV: 'test', SHUTDOWN_TIMEOUT_MS: '0' })).toThrow('Invalid SHUTDOWN_TIMEOUT_MS: 0');
  expect(() => loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: 'soon' })).toThrow('Invalid SHUTDOWN_DRAIN_MS: soon');
});
