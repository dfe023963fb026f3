// `npm run cluster`: the production topology on this machine. Builds when needed, then starts N
// instances of the built app (default 3, on ports 3001–3003) behind nginx (port 3000), over this
// machine's PostgreSQL and Redis, with listing photos in S3 (a local s3rver) or a shared folder.
// Ctrl-C (or SIGTERM) stops the instances gracefully, then nginx and s3rver.
//
//   npm run cluster
//   npm run cluster -- --instances 2 --port 8080 --base-port 8081 --storage shared --no-build
//
// Options (flag, or variable):
//   --instances N        CLUSTER_INSTANCES   3
//   --port P             CLUSTER_PORT        3000    nginx
//   --base-port P        CLUSTER_BASE_PORT   port+1  instance i listens on base-port + i - 1
//   --host H             CLUSTER_HOST        127.0.0.1 (0.0.0.0 to reach nginx from other machines)
//   --storage s3|shared  CLUSTER_STORAGE     s3      shared: MEDIA_SHARED=true, one media folder for all
//   --work-dir DIR       CLUSTER_WORK_DIR    .tmp/cluster (logs, nginx prefix, media, s3rver files)
//   --no-build                               use the existing build
//   --quiet                                  instance logs to files in work-dir/logs, not the terminal
// Variables passed through to every instance: DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/medallion_cluster, created when missing), REDIS_URL (default
// redis://127.0.0.1:6379), REDIS_KEY_PREFIX, SMTP_URL (default: none, mail stays in the dev mailbox at
// /dev/mail), S3_* (an external S3 instead of s3rver when S3_BUCKET is set), and any other app variable.
import { join } from 'node:path';
import { buildIfNeeded, ROOT } from './lib/build.mjs';
import { findNginx, NGINX_MISSING, startCluster } from './lib/cluster.mjs';

function parse(argv) {
  const values = {};
  const flags = new Set();
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    const key = name.replace(/^--/, '');
    if (['no-build', 'quiet', 'help'].includes(key)) flags.add(key);
    else if (['instances', 'port', 'base-port', 'host', 'storage', 'work-dir'].includes(key)) values[key] = inline ?? argv[++i];
    else throw new Error(`unknown option ${argv[i]} (see the top of scripts/cluster.mjs)`);
  }
  return { values, flags };
}

const { values, flags } = parse(process.argv.slice(2));
if (flags.has('help')) {
  console.log('npm run cluster -- [--instances N] [--port P] [--base-port P] [--host H] [--storage s3|shared] [--work-dir DIR] [--no-build] [--quiet]');
  process.exit(0);
}
const number = (value, fallback) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`not a port or count: ${value}`);
  return n;
};
const instances = number(values.instances ?? process.env.CLUSTER_INSTANCES, 3);
const port = number(values.port ?? process.env.CLUSTER_PORT, 3000);
const basePort = number(values['base-port'] ?? process.env.CLUSTER_BASE_PORT, port + 1);
const storage = values.storage ?? process.env.CLUSTER_STORAGE ?? 's3';
if (!['s3', 'shared'].includes(storage)) throw new Error('--storage is s3 or shared');

if (!findNginx()) {
  console.error(`\n${NGINX_MISSING}\n`);
  process.exit(1);
}
if (!flags.has('no-build') && !buildIfNeeded()) process.exit(1);

const external = process.env.S3_BUCKET ? Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('S3_'))) : undefined;

let cluster;
let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the instances (graceful), nginx and s3rver…`);
  await cluster?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  cluster = await startCluster({
    instances,
    port,
    basePort,
    host: values.host ?? process.env.CLUSTER_HOST ?? '127.0.0.1',
    storage,
    s3: external,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    workDir: values['work-dir'] ?? process.env.CLUSTER_WORK_DIR ?? join(ROOT, '.tmp/cluster'),
    logs: flags.has('quiet') ? 'files' : 'inherit',
  });
} catch (error) {
  console.error(`\ncluster: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (stopping) await new Promise(() => undefined);
console.log(`
Medallion cluster is up: ${cluster.url}
  instances: ${cluster.instances.map((i) => `${i.id} ${i.url} (pid ${i.child.pid})`).join(', ')}
  readiness: ${cluster.url}/api/health/ready (each instance: <instance url>/api/health/ready)
  nginx:     pid ${cluster.nginxPid}, access log ${cluster.nginxLog}
  work dir:  ${cluster.workDir}
Ctrl-C stops everything.`);
for (const instance of cluster.instances) {
  void instance.exited.then((how) => {
    if (!stopping) console.error(`${instance.id} exited (${how}); nginx sends its traffic to the others`);
  });
}
