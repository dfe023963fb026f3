import type { Database, DatabaseHandle } from '@medallion/db/client';
import type { Config } from './config';
import type { Mailer } from './integrations/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    mailer: Mailer;
  }
}
