// What a flood costs the people who are not flooding (issue #33, findings 4 and 5): the built server
// (as `npm start` runs it, embedded database, default limits) is flooded for BENCH_DURATION seconds
// (15) at a time, while one legitimate user signs in again and again and a monitor polls GET /api/health:
//   1. sign-in flood: BENCH_ATTACKERS (50) concurrent wrong sign-ins (unknown e-mails, so each costs a
//      full password hash), each request from the next loopback address 127.0.0.2 … 127.0.0.251. The
//      server takes the client address from the socket (TRUST_PROXY off, the default), and Linux lets a
//      client bind any 127.0.0.0/8 source address, so every request really comes from another address
//      and the per-address limit (AUTH_RATE_LIMIT_MAX per 15 minutes) stays out of the way, as it would
//      for an attacker with many addresses.
//   2. upload flood: BENCH_UPLOADERS (4) parallel saves of a listing's step 2 with 9 PNGs of 7000 × 7000
//      (a few hundred KB of compressed pixels that decompress to 9 × 147 MB), and one request that
//      declares a 120 MB body.
// The legitimate user signs in from a browser that signed in before (its device cookie), from addresses
// of 127.0.2.x (another one each time, so its own sign-ins never reach the per-address limit); an answer
// 429/503 with Retry-After is waited out and retried, and the sample is the time until it is signed in.
// The same run measures the idle figures first (no flood). Prints the legitimate sign-in p50 and the
// health p99, idle and under each flood, and ends with:
//   summary: signin_ratio=A health_p99_ms=B upload_refused=yes|no
// A = the worse flood's sign-in p50 / idle sign-in p50; B = the worse flood's health p99 (ms); upload_refused
// = every flood upload was refused with a 4xx (the pixel cap) and the 120 MB body with 413.
// Targets (issue #33): A ≤ 3, B ≤ 500, upload_refused=yes. `--check` exits 1 when one is missed.
//   npm run bench:abuse        npm run bench:abuse -- --no-build        --check
//   BENCH_DURATION=15 BENCH_ATTACKERS=50 BENCH_UPLOADERS=4 BENCH_IDLE_SIGNINS=10
// The machine is shared: the load average is printed at the start and the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildProduct, freePort, parseArgs, startBuiltServer, warmVinCache, type BuiltServer } from './lib/built-server';
import { cleanUpOnSignal, runMain } from './lib/run';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 50);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 4);
const IDLE_SIGNINS = Number(process.env.BENCH_IDLE_SIGNINS ?? 10);
const TARGET_RATIO = 3;
const TARGET_HEALTH_P99_MS = 500;
const PASSWORD = 'LegitPass2024';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP request from `localAddress` (a loopback address the server sees as the client). */
function call(
  base: string,
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; localAddress?: string; declaredLength?: number; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { origin: base, ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = options.declaredLength ?? Buffer.byteLength(options.body);
    }
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent, localAddress: options.localAddress ?? '127.0.0.1' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 120_000, () =>
      req.destroy(new Error(`${method} ${path}: no answer within ${(options.timeoutMs ?? 120_000) / 1000} s`)),
    );
    req.on('error', (error) => {
      // A server that answers before reading the whole body (413) may close the connection under us.
      if ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
      reject(error);
    });
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

const json = (body: unknown) => JSON.stringify(body);
const cookiesOf = (a: Answer) => ([] as string[]).concat(a.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Signs up `email`, reads the code from the dev mailbox (this machine may read it) and confirms. */
async function confirmedAccount(base: string, email: string, from: string): Promise<string[]> {
  const signUp = await call(base, 'POST', '/api/auth/sign-up', { body: json({ name: 'Bench Driver', email, password: PASSWORD }), localAddress: from });
  if (signUp.status !== 200) throw new Error(`sign-up ${email}: ${signUp.status} ${signUp.body}`);
  const mail = await call(base, 'GET', '/api/dev/mail');
  const message = (JSON.parse(mail.body) as { data: { to: string; text: string }[] }).data.find((m) => m.to === email);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${email} in the dev mailbox (${mail.status})`);
  const confirm = await call(base, 'POST', '/api/auth/confirm-sign-up', { body: json({ email, code }), localAddress: from });
  if (confirm.status !== 200) throw new Error(`confirm ${email}: ${confirm.status} ${confirm.body}`);
  return cookiesOf(confirm);
}

/** The legitimate user: signs in from a browser it used before (device cookie); time until signed in, Retry-After waited out. */
function legitimateUser(base: string, email: string, deviceCookie: string) {
  let address = 0;
  let shed = 0;
  return {
    get shed() {
      return shed;
    },
    async signIn(): Promise<number> {
      const started = performance.now();
      for (;;) {
        const from = `127.0.2.${(address++ % 250) + 1}`;
        const res = await call(base, 'POST', '/api/auth/sign-in', {
          body: json({ email, password: PASSWORD }),
          headers: { cookie: deviceCookie },
          localAddress: from,
        });
        if (res.status === 200) return performance.now() - started;
        if (res.status === 429 || res.status === 503) {
          shed++;
          const retryAfter = Number(res.headers['retry-after'] ?? 1);
          await sleep(Math.max(0.1, Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
          continue;
        }
        throw new Error(`legitimate sign-in answered ${res.status}: ${res.body.slice(0, 300)}`);
      }
    },
  };
}

interface Phase {
  label: string;
  signIn: number[];
  health: number[];
  shed: number;
  flood: Map<string, number>;
  floodMs: number[];
}

/** Runs `flood` for DURATION_S while the legitimate user signs in (every 250 ms) and the monitor polls /api/health. */
async function measureUnder(
  label: string,
  base: string,
  user: ReturnType<typeof legitimateUser>,
  flood: ((until: number, note: (a: Answer) => void) => Promise<void>) | null,
): Promise<Phase> {
  const phase: Phase = { label, signIn: [], health: [], shed: 0, flood: new Map(), floodMs: [] };
  const shedBefore = user.shed;
  const note = (a: Answer) => {
    phase.flood.set(String(a.status), (phase.flood.get(String(a.status)) ?? 0) + 1);
    phase.floodMs.push(a.ms);
  };
  const until = performance.now() + DURATION_S * 1000;
  const health = (async () => {
    while (performance.now() < until) {
      const res = await call(base, 'GET', '/api/health', { localAddress: '127.0.3.1' });
      if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status}`);
      phase.health.push(res.ms);
      await sleep(20);
    }
  })();
  const legit = (async () => {
    if (flood) await sleep(1000); // the flood is on before the first sample
    let n = 0;
    while (performance.now() < until && (flood || n < IDLE_SIGNINS)) {
      phase.signIn.push(await user.signIn());
      n++;
      await sleep(250);
    }
  })();
  await Promise.all([health, legit, flood ? flood(until, note) : Promise.resolve()]);
  phase.shed = user.shed - shedBefore;
  return phase;
}

/** ATTACKERS workers, each wrong sign-in from the next loopback address. */
function signInFlood(base: string) {
  return async (until: number, note: (a: Answer) => void) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: ATTACKERS }, async () => {
        while (performance.now() < until) {
          const n = next++;
          const from = `127.0.0.${(n % 250) + 2}`;
          const email = `nobody-${randomBytes(6).toString('hex')}@example.com`;
          note(await call(base, 'POST', '/api/auth/sign-in', { body: json({ email, password: 'WrongPass123' }), localAddress: from }));
        }
      }),
    );
  };
}

/** UPLOADERS workers, each saving step 2 of a draft with 9 huge-but-tiny PNGs, from 127.0.1.x. */
function uploadFlood(base: string, cookie: string, listingId: string, body: string) {
  return async (until: number, note: (a: Answer) => void) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOADERS }, async () => {
        while (performance.now() < until) {
          const from = `127.0.1.${(next++ % 250) + 1}`;
          note(await call(base, 'POST', '/api/listing/save-draft', { body, headers: { cookie }, localAddress: from }));
        }
      }),
    );
    void listingId;
  };
}

/** A body that declares 120 MB (the old limit took up to about 127 MB) and sends 1 MB of it: answered 413 before it is read? */
async function oversizedBody(base: string, cookie: string): Promise<Answer> {
  const declared = 120 * 1024 * 1024;
  return call(base, 'POST', '/api/listing/save-draft', {
    body: Buffer.alloc(1024 * 1024, 0x20),
    declaredLength: declared,
    headers: { cookie },
    localAddress: '127.0.3.2',
    timeoutMs: 10_000,
  }).catch((error: Error) => ({ status: 0, headers: {}, body: error.message, ms: NaN }));
}

function row(label: string, p: Phase) {
  const flood = [...p.flood.entries()].map(([s, n]) => `${s}×${n}`).join(' ');
  return (
    `${label.padEnd(16)} sign-in p50 ${quantile(p.signIn, 0.5).toFixed(0).padStart(6)} ms (n=${p.signIn.length}, shed ${p.shed})` +
    ` | health p50 ${quantile(p.health, 0.5).toFixed(1).padStart(6)} ms p99 ${quantile(p.health, 0.99).toFixed(1).padStart(7)} ms (n=${p.health.length})` +
    (flood ? ` | flood answers ${flood}, p50 ${quantile(p.floodMs, 0.5).toFixed(0)} ms` : '')
  );
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { flags: ['no-build', 'check'], values: [] });
  buildProduct(args.flags.has('no-build'));
  const vpicCache = await warmVinCache();
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-bench-abuse-'));
  let server: BuiltServer | undefined;
  const cleanUp = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanUpOnSignal(cleanUp);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average at start: ${load()} (${DURATION_S} s per flood, ${ATTACKERS} attackers, ${UPLOADERS} uploaders)`);
  try {
    server = await startBuiltServer(await freePort(), { DATA_DIR: dataDir, VPIC_CACHE_DIR: vpicCache, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'error' });
    const base = server.baseUrl;

    // The legitimate user (signed in once from this browser: its device cookie) and the uploader with a draft.
    const legitEmail = 'legit@example.com';
    const legitCookies = await confirmedAccount(base, legitEmail, '127.0.3.3');
    const device = legitCookies.find((c) => c.startsWith('medallion.device='));
    if (!device) throw new Error('confirm-sign-up set no device cookie');
    const uploaderCookie = (await confirmedAccount(base, 'uploader@example.com', '127.0.3.4')).join('; ');
    const step1 = await call(base, 'POST', '/api/listing/save-draft', {
      body: json({ step: 1, category: 'plates', name: '', email: '', location: { city: 'Brooklyn', state: 'NY', zip_code: '11201' } }),
      headers: { cookie: uploaderCookie },
      localAddress: '127.0.3.4',
    });
    if (step1.status !== 200) throw new Error(`draft step 1: ${step1.status} ${step1.body}`);
    const listingId = (JSON.parse(step1.body) as { data: { data: { listing_id: string } } }).data.data.listing_id;
    const png = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3a6ea5' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const picture = `data:image/png;base64,${png.toString('base64')}`;
    const uploadBody = json({
      step: 2,
      listing_id: listingId,
      category: 'plates',
      title: 'FHV plates for rent',
      listing_price: '300',
      payment_period: 'weekly',
      ...RENTAL_LABEL_FIELDS,
      images: Array.from({ length: 9 }, () => picture),
    });
    console.log(`upload body: 9 PNGs of 7000 × 7000 in ${(uploadBody.length / 1024).toFixed(0)} KB`);

    const user = legitimateUser(base, legitEmail, device);
    await user.signIn(); // warm-up
    const idle = await measureUnder('idle', base, user, null);
    const signIns = await measureUnder('sign-in flood', base, user, signInFlood(base));
    const uploads = await measureUnder('upload flood', base, user, uploadFlood(base, uploaderCookie, listingId, uploadBody));
    const oversized = await oversizedBody(base, uploaderCookie);
    if (server.ended()) throw new Error(`the server ended during the run (${server.ended()})`);

    console.log(row('idle', idle));
    console.log(row('sign-in flood', signIns));
    console.log(row('upload flood', uploads));
    console.log(`120 MB body: ${oversized.status || 'no answer'} in ${oversized.ms.toFixed(0)} ms ${oversized.body.slice(0, 120)}`);
    console.log(`load average at end: ${load()}`);

    const idleP50 = quantile(idle.signIn, 0.5);
    const ratio = Math.max(quantile(signIns.signIn, 0.5), quantile(uploads.signIn, 0.5)) / idleP50;
    const healthP99 = Math.max(quantile(signIns.health, 0.99), quantile(uploads.health, 0.99));
    const uploadAnswers = [...uploads.flood.keys()].map(Number);
    const refused = uploadAnswers.length > 0 && uploadAnswers.every((s) => s >= 400 && s < 500) && oversized.status === 413;
    console.log(`summary: signin_ratio=${ratio.toFixed(2)} health_p99_ms=${healthP99.toFixed(0)} upload_refused=${refused ? 'yes' : 'no'}`);
    const ok = ratio <= TARGET_RATIO && healthP99 <= TARGET_HEALTH_P99_MS && refused;
    return args.flags.has('check') && !ok ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

runMain(main);
