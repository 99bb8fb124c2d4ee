import fp from 'fastify-plugin';

/** Where this instance is in its life: serving, or on its way out. */
export interface Lifecycle {
  /** True from the start of a shutdown on: /ready answers 503 so balancers stop sending requests here. */
  readonly stopping: boolean;
  /** Starts the shutdown: requests are still answered, but the instance no longer says it is ready. */
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** The instance's shutdown state; `close()` marks it too, for shutdowns that do not come from a signal. */
export const lifecyclePlugin = fp(
  async (app) => {
    let stopping = false;
    const lifecycle: Lifecycle = {
      get stopping() {
        return stopping;
      },
      stop() {
        stopping = true;
      },
    };
    app.decorate('lifecycle', lifecycle);
    app.addHook('preClose', async () => lifecycle.stop());
    // Once stopping, a kept-alive connection would stay open after its last answer until its idle timeout
    // (holding the shutdown back) and keep sending here: each answer ends its connection instead.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (stopping) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
