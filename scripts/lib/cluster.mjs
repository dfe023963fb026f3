// Several instances of the built app behind nginx on this machine, over PostgreSQL, Redis and S3
// (s3rver) or a shared media folder: what `npm run cluster` runs, and what the cluster test and
// bench:cluster start with their own ports, database and key prefix. See scripts/cluster.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, SERVER_SCRIPT } from './build.mjs';

export const NGINX_TEMPLATE = join(ROOT, 'deploy/nginx-cluster.conf.template');
const S3_KEY = 'S3RVER';

/** nginx's path, or undefined (with NGINX_BIN to override). */
export function findNginx() {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

export const NGINX_MISSING =
  'nginx is not installed. On Debian/Ubuntu: sudo apt-get install -y nginx (the cluster runs its own nginx process, not the system service; you may `systemctl disable --now nginx`).';

/** Resolves when a TCP connection to host:port opens within timeoutMs. */
export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** PING over RESP; true on +PONG (password from the URL when there is one). */
export function redisAnswers(url, timeoutMs = 1000) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  const user = decodeURIComponent(u.username);
  const args = [...(password ? [user ? ['AUTH', user, password] : ['AUTH', password]] : []), ['PING']];
  const payload = args.map((a) => `*${a.length}\r\n${a.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join('')}`).join('');
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) });
    let text = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write(payload));
    socket.on('data', (c) => {
      text += c.toString();
      if (text.includes('+PONG')) done(true);
      else if (text.includes('-')) done(false);
    });
    socket.once('error', () => done(false));
  });
}

/** Creates the database named in `url` when it does not exist (through the server's `postgres` database). */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) throw new Error(`unexpected database name in DATABASE_URL: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`);
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

/** Drops the database named in `url` (tests and benches clean up after themselves). */
export async function dropDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function waitFor(what, check, { timeoutMs, intervalMs = 200, failed = () => undefined }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function answers200(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await res.arrayBuffer();
  return res.status === 200;
}

/** The nginx configuration for these upstream ports (from deploy/nginx-cluster.conf.template). */
export function nginxConfig({ prefix, host, port, upstreamPorts, workers = 1, accessLog = true, maxFails = 1, failTimeoutS = 5 }) {
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=${maxFails} fail_timeout=${failTimeoutS}s;`).join('\n');
  return readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{WORKERS}}', String(workers))
    .replaceAll('{{LISTEN}}', `${host}:${port}`)
    .replaceAll('{{SERVERS}}', servers)
    .replaceAll('{{ACCESS_LOG}}', accessLog ? `${prefix}/access.log medallion` : 'off');
}

/**
 * Starts the cluster and resolves when nginx answers. Options (all optional):
 *   instances (3), port (nginx, 3000), basePort (first instance, 3001; or ports: [...]), host ('127.0.0.1'),
 *   databaseUrl, redisUrl (null: no Redis), redisKeyPrefix, storage ('s3' | 'shared'), smtpUrl,
 *   workDir (logs, nginx prefix, media; default a new folder in /tmp), env (extra variables for every
 *   instance), logs ('files' | 'inherit'), accessLog (true), log (function for progress lines).
 */
export async function startCluster(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  const count = options.instances ?? 3;
  const port = options.port ?? 3000;
  const ports = options.ports ?? Array.from({ length: count }, (_, i) => (options.basePort ?? port + 1) + i);
  if (ports.length !== count) throw new Error('ports: one per instance');
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error(NGINX_MISSING);
  if (!existsSync(SERVER_SCRIPT)) throw new Error(`${SERVER_SCRIPT} is missing: build first (npm run build)`);

  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'medallion-cluster-'));
  mkdirSync(workDir, { recursive: true });
  // nginx's workers run as `nobody` when started by root: they must reach their temp folders.
  chmodSync(workDir, 0o755);
  const prefix = join(workDir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  chmodSync(prefix, 0o755);
  const logsDir = join(workDir, 'logs');
  mkdirSync(logsDir, { recursive: true });

  const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/medallion_cluster';
  if (await ensureDatabase(databaseUrl)) log(`created database ${new URL(databaseUrl).pathname.slice(1)}`);
  const redisUrl = options.redisUrl === undefined ? 'redis://127.0.0.1:6379' : options.redisUrl;
  if (redisUrl && !(await redisAnswers(redisUrl))) {
    throw new Error(`Redis does not answer at ${redisUrl}. Install and start it (sudo apt-get install -y redis-server) or set REDIS_URL.`);
  }

  const cleanups = [];
  const storageEnv = {};
  const storage = options.storage ?? 's3';
  if (storage === 's3') {
    if (options.s3) {
      Object.assign(storageEnv, options.s3);
    } else {
      const { default: S3rver } = await import('s3rver');
      const s3Dir = join(workDir, 's3');
      mkdirSync(s3Dir, { recursive: true });
      const s3 = new S3rver({ port: options.s3Port ?? 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'media' }] });
      const { port: s3Port } = await s3.run();
      cleanups.push(() => s3.close());
      Object.assign(storageEnv, {
        S3_BUCKET: 'media',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: S3_KEY,
        S3_SECRET_ACCESS_KEY: S3_KEY,
        S3_FORCE_PATH_STYLE: 'true',
      });
      log(`S3 (s3rver) on http://127.0.0.1:${s3Port}, bucket media`);
    }
  } else {
    // One media folder for every instance (a shared volume in production: NFS, EFS…).
    Object.assign(storageEnv, { MEDIA_SHARED: 'true' });
  }

  const publicUrl = options.publicUrl ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  const sharedDataDir = join(workDir, 'shared-data');
  const baseEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl ?? '',
    ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: options.redisKeyPrefix } : {}),
    SMTP_URL: options.smtpUrl ?? process.env.SMTP_URL ?? '',
    VPIC_CACHE_DIR: process.env.VPIC_CACHE_DIR || join(tmpdir(), 'medallion-vpic-cache'),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    ...storageEnv,
    ...(options.env ?? {}),
  };

  const instances = ports.map((instancePort, i) => {
    const id = `app-${i + 1}`;
    const dataDir = storage === 's3' ? join(workDir, id) : sharedDataDir;
    mkdirSync(dataDir, { recursive: true });
    const instance = {
      id,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      logFile: join(logsDir, `${id}.log`),
      child: undefined,
      exited: undefined,
      /** Starts (again) and resolves when /api/health/ready answers 200. */
      async start(timeoutMs = 300_000) {
        const env = { ...baseEnv, PORT: String(instancePort), INSTANCE_ID: id, DATA_DIR: dataDir };
        const child = spawn(process.execPath, ['--enable-source-maps', SERVER_SCRIPT], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        if (options.logs === 'inherit') {
          const tag = (stream, out) => {
            let rest = '';
            stream.on('data', (c) => {
              const lines = (rest + c.toString()).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) out.write(`[${id}] ${line}\n`);
            });
          };
          tag(child.stdout, process.stdout);
          tag(child.stderr, process.stderr);
        } else {
          const file = createWriteStream(instance.logFile, { flags: 'a' });
          child.stdout.pipe(file);
          child.stderr.pipe(file);
        }
        instance.child = child;
        let ended;
        instance.exited = new Promise((resolve) =>
          child.once('exit', (code, signal) => {
            ended = signal ? `signal ${signal}` : `code ${code}`;
            resolve(ended);
          }),
        );
        await waitFor(`${id} ready at ${instance.url}`, () => answers200(`${instance.url}/api/health/ready`), {
          timeoutMs,
          failed: () => (ended ? `exited (${ended}); see ${instance.logFile}` : undefined),
        });
        return instance;
      },
      /** Whether the process runs. */
      running() {
        return Boolean(instance.child && instance.child.exitCode === null && instance.child.signalCode === null);
      },
      /** Sends `signal` and resolves with how it ended (SIGKILL after killAfterMs for SIGTERM). */
      async stop(signal = 'SIGTERM', killAfterMs = 20_000) {
        if (!instance.running()) return 'not running';
        instance.child.kill(signal);
        const timer = setTimeout(() => instance.child?.kill('SIGKILL'), killAfterMs);
        const how = await instance.exited;
        clearTimeout(timer);
        return how;
      },
    };
    return instance;
  });

  let nginx;
  let nginxExited;
  let upstreamPorts = ports;
  const confPath = join(prefix, 'nginx.conf');
  const writeConf = () =>
    writeFileSync(confPath, nginxConfig({ prefix, host, port, upstreamPorts, workers: options.nginxWorkers ?? 1, accessLog: options.accessLog ?? true }));

  const stop = async () => {
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill('SIGQUIT'); // graceful: finishes open requests
      const timer = setTimeout(() => nginx.kill('SIGKILL'), 10_000);
      await nginxExited;
      clearTimeout(timer);
    }
    for (const cleanup of cleanups.reverse()) await cleanup();
    if (options.removeWorkDir) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    // The first instance migrates and seeds alone; the others start on a database that is ready.
    log(`starting ${instances[0].id} on ${instances[0].url} (migrations and seed)`);
    await instances[0].start();
    if (instances.length > 1) {
      log(
        `starting ${instances
          .slice(1)
          .map((i) => `${i.id} on ${i.url}`)
          .join(', ')}`,
      );
      await Promise.all(instances.slice(1).map((i) => i.start()));
    }

    writeConf();
    const check = spawnSync(nginxBin, ['-p', prefix, '-c', confPath, '-e', join(prefix, 'error.log'), '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
    nginx = spawn(nginxBin, ['-p', prefix, '-c', confPath, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
    let nginxEnded;
    nginxExited = new Promise((resolve) =>
      nginx.once('exit', (code, signal) => {
        nginxEnded = signal ? `signal ${signal}` : `code ${code}`;
        resolve(nginxEnded);
      }),
    );
    const nginxUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    await waitFor(`nginx on ${nginxUrl}`, () => answers200(`${nginxUrl}/api/health/live`), {
      timeoutMs: 30_000,
      failed: () => (nginxEnded ? `exited (${nginxEnded}); see ${join(prefix, 'error.log')}` : undefined),
    });
    log(`nginx on ${nginxUrl} → ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`);

    return {
      url: nginxUrl,
      publicUrl,
      workDir,
      instances,
      env: baseEnv,
      nginxPid: nginx.pid,
      nginxLog: join(prefix, 'access.log'),
      /**
       * Sends traffic to these instances only (rewrites the upstream block and reloads nginx), and
       * resolves once the new workers serve: `sample` requests in a row answered only by them.
       */
      async useInstances(ids, sample = 30) {
        upstreamPorts = instances.filter((i) => ids.includes(i.id)).map((i) => i.port);
        writeConf();
        nginx.kill('SIGHUP');
        await waitFor(
          `nginx reload to ${ids.join(', ')}`,
          async () => {
            for (let n = 0; n < sample; n++) {
              const res = await fetch(`${nginxUrl}/api/health/live`);
              const served = res.headers.get('x-served-by');
              await res.arrayBuffer();
              if (!served || !ids.includes(served)) return false;
            }
            return true;
          },
          { timeoutMs: 30_000 },
        );
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
