// GET /api/exam/questions under load on the embedded database (PGlite), as a guest (the free 5)
// and as a paid user (all 80, with the session and the access check on every request), next to
// GET /api/health in the same run: the ratio exam/health is a number that means something on any
// machine. Prints requests/s, p50, p99 and time-outs for each.
//   npm run bench:exam       BENCH_DURATION=20 BENCH_CONNECTIONS=50 npm run bench:exam
// The app runs in a child process (this file again, BENCH_EXAM_ROLE=server) so that autocannon
// does not share an event loop with it.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '@medallion/db/client';
import { payments } from '@medallion/db/schema';
import { runSeed } from '@medallion/db/seed';
import { buildApp } from '../apps/api/src/app';
import { benchAppConfig } from './lib/app-config';
import { forkServer, reportFailures, serveUntilStopped, stopServer } from './lib/server-process';
import { ensureAccount } from '../apps/api/src/modules/auth/seed-accounts';
import { examQuestionsSeedStep } from '../apps/api/src/modules/exam/seed-exam-questions';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** autocannon's own default: a request without an answer after this many seconds is a time-out. */
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 10);
const SCRIPT = fileURLToPath(import.meta.url);
const PAID_EMAIL = 'bench-paid@example.com';
const PAID_PASSWORD = 'BenchPaid2024';

interface ServerReady {
  type: 'ready';
  port: number;
  /** Cookie header of the paid user's session. */
  cookie: string;
}

// ---------------------------------------------------------------------------------------------
// Child process: the real app on a fresh PGlite data dir, the question bank, one paid user.

async function runServer(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-bench-exam-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  const config = benchAppConfig(dataDir, { AUTH_RATE_LIMIT_MAX: '100000' });
  const app = await buildApp({ config, database, serveWeb: false });
  await runSeed(database.db, [examQuestionsSeedStep]);
  const userId = await ensureAccount(database.db, { email: PAID_EMAIL, password: PAID_PASSWORD, name: 'Bench Paid', role: 'user' });
  // Paid access as the exam purchase leaves it: a succeeded exam payment with an expiry ahead.
  await database.db.insert(payments).values({
    userId,
    purpose: 'exam',
    reference: 'exam',
    amountCents: 1500,
    status: 'succeeded',
    provider: 'sandbox',
    paymentMethodId: 'pm_bench',
    idempotencyKey: `bench-${randomUUID()}`,
    accessExpiry: new Date(Date.now() + 90 * 86_400_000),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: PAID_EMAIL, password: PAID_PASSWORD } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const ready: ServerReady = { type: 'ready', port: (app.server.address() as AddressInfo).port, cookie };
  serveUntilStopped(ready, async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: check the answers, load, report.

function startServer() {
  return forkServer<ServerReady>(SCRIPT, { BENCH_EXAM_ROLE: 'server' });
}

interface Target {
  label: string;
  path: string;
  headers: Record<string, string>;
}

/** The bench measures what it should: guests get the free 5, the paid user all 80. */
async function verify(base: string, targets: Target[]): Promise<void> {
  for (const t of targets) {
    const res = await fetch(base + t.path, { headers: t.headers });
    if (res.status !== 200) throw new Error(`${t.label}: GET ${t.path} answered ${res.status}: ${await res.text()}`);
    if (t.path !== '/api/exam/questions') continue;
    const body = (await res.json()) as { data: { data: unknown[]; full_access: boolean } };
    const expected = t.label === 'exam (paid)' ? 80 : 5;
    if (body.data.data.length !== expected) throw new Error(`${t.label}: ${body.data.data.length} questions, expected ${expected}`);
  }
}

async function cannon(base: string, target: Target, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url: base + target.path,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_S,
  });
  // Requests cut off at the end may still be queued in the server: one more answered request means
  // they are done, so the next run does not start behind them.
  await (await fetch(base + target.path, { headers: target.headers })).arrayBuffer();
  return result;
}

async function main(): Promise<void> {
  let child: ChildProcess | undefined;
  let failed = false;
  const onSignal = () => {
    child?.kill();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const started = await startServer();
    child = started.child;
    const base = `http://127.0.0.1:${started.ready.port}`;
    const targets: Target[] = [
      { label: 'health', path: '/api/health', headers: {} },
      { label: 'exam (guest)', path: '/api/exam/questions', headers: {} },
      { label: 'exam (paid)', path: '/api/exam/questions', headers: { cookie: started.ready.cookie } },
    ];
    await verify(base, targets);

    for (const t of targets) {
      const warm = await cannon(base, t, WARMUP_S);
      if (warm.errors || warm.non2xx) console.error(`${t.label} warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx`);
    }
    // Rounds rotate the order so that load from anything else on the machine falls on all alike;
    // the numbers are summed (requests) or the median taken (latency) over the rounds.
    const results = new Map<string, autocannon.Result[]>(targets.map((t) => [t.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const t of order) results.get(t.label)!.push(await cannon(base, t, DURATION_S));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const summary = targets.map((t) => {
      const rs = results.get(t.label)!;
      const total = rs.reduce((n, r) => n + r.requests.total, 0);
      const timeouts = rs.reduce((n, r) => n + r.timeouts, 0);
      return {
        label: t.label,
        rps: total / (rs.length * DURATION_S),
        p50: median(rs.map((r) => r.latency.p50)),
        p99: median(rs.map((r) => r.latency.p99)),
        max: Math.max(...rs.map((r) => r.latency.max)),
        total,
        timeouts,
        errors: rs.reduce((n, r) => n + r.errors, 0) - timeouts,
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      };
    });
    const health = summary[0]!;
    console.log(
      `\nload on PGlite: ${CONNECTIONS} connections, ${ROUNDS} rotating rounds of ${DURATION_S} s per target after ${WARMUP_S} s warm-up, time-out ${TIMEOUT_S} s`,
    );
    console.table(
      summary.map((r) => ({
        target: r.label,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        requests: r.total,
        timeouts: r.timeouts,
        'timeouts %': Number(((100 * r.timeouts) / Math.max(1, r.total + r.timeouts)).toFixed(1)),
        errors: r.errors,
        'non-2xx': r.non2xx,
        'req/s vs health': Number((r.rps / health.rps).toFixed(2)),
      })),
    );
    if (reportFailures(summary)) failed = true;
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stopServer(child);
  }
  process.exit(failed ? 1 : 0);
}

if (process.env.BENCH_EXAM_ROLE === 'server') await runServer();
else await main();
