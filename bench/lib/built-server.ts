// The built app as `npm start` runs it (node apps/api/dist/server.js), for the benches that measure
// the whole product (pages and API) rather than one module: build, a free port, start, wait, stop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVinDecoder } from '../../apps/api/src/integrations/car-data/vin-decoder';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'apps/api/dist/server.js');

/** `npm run build` (web app and API), unless `skip`; then checks that the server and the page exist. */
export function buildProduct(skip: boolean): void {
  if (!skip) {
    console.log('building: npm run build');
    const started = performance.now();
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const file of [SERVER, join(ROOT, 'apps/web/dist/index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run without --no-build (or npm run build) first`);
  }
}

/** A port the OS reports free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The shared vPIC cache of the tests (unpacked once per machine). The server unpacks the ~85 MB VIN
 * database in the background right after it starts listening; done here first, that work never falls
 * into a measurement.
 */
export async function warmVinCache(): Promise<string> {
  const cacheDir = process.env.VPIC_CACHE_DIR || join(tmpdir(), 'medallion-vpic-cache');
  const decoder = createVinDecoder({ cacheDir });
  try {
    await decoder.decode('1HGCM82633A004352');
  } finally {
    await decoder.close();
  }
  return cacheDir;
}

export interface BuiltServer {
  baseUrl: string;
  child: ChildProcess;
  /** How the server ended ("code 1", "signal SIGKILL"), or undefined while it runs. */
  ended(): string | undefined;
  stop(): Promise<void>;
}

/**
 * Starts apps/api/dist/server.js on 127.0.0.1:`port` in production mode with `env` (no SMTP, the
 * embedded database unless `env` has DATABASE_URL; no .env file), and waits until GET /api/health
 * answers 200.
 */
export async function startBuiltServer(port: number, env: Record<string, string>, timeoutMs = 300_000): Promise<BuiltServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // the server closes the app and the database
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  let ended: string | undefined;
  void exited.then((how) => (ended = how));
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`the server exited during its start (${ended})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) return { baseUrl, child, ended: () => ended, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/** The newest ACTIVE listing (page 1 of the marketplace, as the API serves it). */
export async function findActiveListingId(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/listing-all?page=1&page_size=1`);
  if (res.status !== 200) throw new Error(`GET /api/listing-all answered ${res.status}`);
  const body = (await res.json()) as { data: { listings: { listing_id: string; status: string }[] } };
  const listing = body.data.listings.find((l) => l.status === 'ACTIVE');
  if (!listing) throw new Error('no ACTIVE listing: were the demo data seeded?');
  return listing.listing_id;
}

/** `--name value` / `--name=value` and boolean `--flag` options. */
export function parseArgs(argv: string[], known: { flags: string[]; values: string[] }): { flags: Set<string>; values: Map<string, string> } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const key = name.replace(/^--/, '');
    if (known.flags.includes(key) && inline === undefined) flags.add(key);
    else if (known.values.includes(key)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${name} needs a value`);
      values.set(key, value);
    } else {
      throw new Error(`unknown option ${arg} (options: ${[...known.flags, ...known.values].map((k) => `--${k}`).join(', ')})`);
    }
  }
  return { flags, values };
}
