import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { LocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-object-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every uploaded file is kept: the S3-compatible bucket of `S3_*`, else `UPLOADS_DIR`. */
    objectStore: ObjectStore;
  }
}

export function createObjectStore(config: Pick<AppConfig, 'uploadsDir' | 'objectStorage'>): ObjectStore {
  return config.objectStorage ? new S3ObjectStore(config.objectStorage) : new LocalObjectStore(config.uploadsDir);
}

/**
 * The store, checked before the server takes requests: a bucket that is
 * unreachable, missing or refuses the keys stops start-up with the reason,
 * instead of every upload failing later.
 */
export const objectStorePlugin = fp<{ config: AppConfig }>(async (app, { config }) => {
  const store = createObjectStore(config);
  // Deleting runs after the database has changed (a file replaced or removed) or while cleaning up a failed
  // request: a store failing then must not turn either into another error. The key is logged to clean up by hand.
  const remove = store.delete.bind(store);
  store.delete = (key) =>
    remove(key).catch((error: unknown) => app.log.error({ err: error, key }, 'uploads: an object could not be deleted and is left over'));
  app.decorate('objectStore', store);
  app.addHook('onReady', async () => {
    try {
      await store.check();
    } catch (error) {
      app.log.error({ err: error }, `uploads: ${(error as Error).message}`);
      throw error;
    }
    app.log.info(`uploads stored in ${store.kind === 's3' ? store.location : `the folder ${store.location}`}`);
  });
  app.addHook('onClose', async () => store.close());
});
