import pg from 'pg';

/** Runs one statement (CREATE or DROP DATABASE) on the server's maintenance database `adminUrl`. */
export async function pgAdmin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A pino-shaped logger that says nothing (the jobs' logs in tests and benches). */
export const SILENT_LOGGER = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => SILENT_LOGGER,
  level: 'silent',
  silent() {},
};
