import { loadConfig, type Config } from '../../apps/api/src/config';

/**
 * The app's configuration in a bench's server process: production mode, silent, no demo data, and the
 * mail outbox polled so rarely it never runs during a measurement; `extra` adds or overrides settings.
 */
export function benchAppConfig(dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, MAIL_POLL_MS: '600000', SEED_DEMO_DATA: 'false', ...extra });
}
