import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  /** True from the moment shutdown starts: the readiness check answers 503 so the balancer moves on. */
  readonly draining: boolean;
  /** Marks the instance as shutting down (idempotent); `app.close()` does it too. */
  beginDrain(): void;
}

export function registerLifecycle(app: FastifyInstance): void {
  let draining = false;
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => lifecycle.beginDrain());
  // An answer sent while draining closes its connection, so a keep-alive connection whose request was
  // in flight when shutdown began does not hold the server open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
