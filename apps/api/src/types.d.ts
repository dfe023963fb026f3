import type { Database, DatabaseHandle } from '@medallion/db/client';
import type { Config } from './config';
import type { Mailer } from './integrations/mail/mailer';
import type { Auth } from './modules/auth/create-auth';
import type { PasswordHashing } from './modules/auth/password-hashing';
import type { PaymentGateway } from './integrations/payments/gateway';
import type { Storage } from './integrations/storage/storage';
import type { ConversionHook } from './integrations/analytics/conversion-hook';
import type { VinDecoder } from './integrations/car-data/vin-decoder';
import type { QuestionBank } from './modules/exam/question-bank';
import type { Lifecycle } from './plugins/lifecycle';
import type { SharedRedis } from './integrations/redis/redis-client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    mailer: Mailer;
    auth: Auth;
    /** Every password hash and check runs through this bounded queue (modules/auth/password-hashing.ts). */
    passwordHashing: PasswordHashing;
    payments: PaymentGateway;
    storage: Storage;
    conversions: ConversionHook;
    vinDecoder: VinDecoder;
    /** The exam's question bank in memory (modules/exam/question-bank.ts). */
    examBank: QuestionBank;
    /** Whether the instance is shutting down (plugins/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** The Redis that several instances share (REDIS_URL); undefined: that state stays in this process. */
    redis: SharedRedis | undefined;
    /** Signs links in e-mails that work without signing in (the license reminders' unsubscribe), derived from the auth secret. */
    linkSigningKey: Buffer;
  }
}
