import { loadConfig } from '../src/config';
import { defaultPoolSize } from '../src/db/database';

it('sizes the server pool for the machine: two connections a core and one more, from 4 to 20', () => {
  expect([1, 2, 4, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 5, 9, 17, 20]);
});

it('takes DATABASE_POOL_SIZE when given, and refuses to start with a wrong one', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).databasePoolSize).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  for (const wrong of ['0', 'many', '2.5']) {
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: wrong })).toThrow(`Invalid DATABASE_POOL_SIZE: ${wrong}`);
  }
});
