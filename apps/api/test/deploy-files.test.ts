// What CI checks of deploy/ instead of building the image (no Docker daemon here): nginx accepts the
// configurations (nginx -t, when nginx is installed), their failover rules are the documented ones,
// and the Dockerfile and compose.yaml have the shape the README promises. The running topology itself
// is tested by test-cluster/ (npm run test:cluster).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNginx, nginxConfig } from '../../../scripts/lib/cluster.mjs';
import { assertStaffPasswordNotCommon, configSchema } from '../src/config';

const root = new URL('../../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const nginx = findNginx();

/** nginx -t of an http-context snippet inside a minimal main configuration. */
function nginxTest(httpSnippet: string): { status: number | null; output: string } {
  const prefix = mkdtempSync(join(tmpdir(), 'medallion-nginx-t-'));
  chmodSync(prefix, 0o755);
  try {
    writeFileSync(join(prefix, 'site.conf'), httpSnippet);
    writeFileSync(
      join(prefix, 'nginx.conf'),
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/b; proxy_temp_path ${prefix}/p; fastcgi_temp_path ${prefix}/f; uwsgi_temp_path ${prefix}/u; scgi_temp_path ${prefix}/s;\n  include ${prefix}/site.conf;\n}\n`,
    );
    const run = spawnSync(nginx!, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { encoding: 'utf8' });
    return { status: run.status, output: run.stderr + run.stdout };
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

describe('deploy/ files', () => {
  const productionConf = read('deploy/nginx.conf');
  const composeConf = read('deploy/nginx.compose.conf');
  const template = read('deploy/nginx-cluster.conf.template');

  it.skipIf(!nginx)('nginx accepts deploy/nginx.conf, the compose variant and the cluster template', () => {
    // Port 80 is not bound by -t; the log path is the system's, so point it elsewhere for the check.
    const debian = nginxTest(productionConf.replace('/var/log/nginx/medallion.access.log', '/dev/null'));
    expect(debian.status, debian.output).toBe(0);
    // Compose service names do not resolve here: check the same file with local addresses.
    const compose = nginxTest(composeConf.replace(/server app-\d+:3000/g, 'server 127.0.0.1:3000').replace('/dev/stdout', '/dev/null'));
    expect(compose.status, compose.output).toBe(0);
    const prefix = mkdtempSync(join(tmpdir(), 'medallion-nginx-t-'));
    try {
      writeFileSync(join(prefix, 'nginx.conf'), nginxConfig({ prefix, host: '127.0.0.1', port: 1, upstreamPorts: [2, 3, 4] }));
      const run = spawnSync(nginx!, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('fails over idempotent requests only, with passive health checks and the client address replaced', () => {
    for (const conf of [productionConf, composeConf, template]) {
      expect(conf).toMatch(/^\s*proxy_next_upstream error timeout http_502 http_503 http_504;/m);
      // `non_idempotent` would let nginx resend a POST (a payment) that an instance already received.
      expect(conf).not.toMatch(/^\s*proxy_next_upstream .*non_idempotent/m);
      expect(conf).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
      expect(conf).toMatch(/^\s*proxy_set_header X-Forwarded-Proto \$scheme;/m);
      expect(conf).toMatch(/^\s*proxy_set_header X-Request-Id \$medallion_request_id;/m);
      expect(conf).toMatch(/^\s*location = \/metrics \{\s*return 404;/m);
      expect(conf).not.toMatch(/^\s*keepalive \d+;/m);
    }
    expect(productionConf).toMatch(/server 127\.0\.0\.1:300\d max_fails=\d+ fail_timeout=\d+s;/);
    expect(template).toContain('{{SERVERS}}');
  });

  it('Dockerfile: multi-stage on node:24-slim, production dependencies only, built output copied, non-root', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM node:24-slim AS \w+/gm)).toHaveLength(2);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/npm ci --omit=dev/);
    for (const built of ['apps/api/dist', 'apps/api/assets', 'apps/web/dist', 'apps/web/dist-ssr', 'apps/web/dist-sw', 'packages/db/migrations', 'packages/db/seed-data']) {
      expect(runtime, built).toContain(`COPY --from=build /app/${built} ${built}`);
    }
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain('/api/health/live');
    const ignored = read('.dockerignore');
    for (const entry of ['**/node_modules', '.git', '.env', '**/dist']) expect(ignored.split('\n')).toContain(entry);
  });

  it('compose.yaml: two app instances, PostgreSQL, Redis, MinIO, Mailpit and nginx; only known variables; no demo data', async () => {
    const compose = read('deploy/compose.yaml');
    for (const service of ['app-1', 'app-2', 'nginx', 'postgres', 'redis', 'minio', 'mailpit']) {
      expect(compose, service).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    }
    expect(compose).toContain('./nginx.compose.conf:/etc/nginx/conf.d/default.conf');
    const appEnv = compose.slice(compose.indexOf('environment: &app-env'), compose.indexOf('\nservices:'));
    const names = [...appEnv.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    // REDIS_KEY_PREFIX comes with the Redis half of issue #15 (branch wt-redis).
    const known = new Set([...Object.keys(configSchema.shape), 'REDIS_KEY_PREFIX']);
    expect(names.filter((n) => !known.has(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'SMTP_URL', 'AUTH_SECRET', 'TRUST_PROXY', 'METRICS_PORT']));
    // The production topology seeds no demo data (the demo accounts' passwords are public) and makes its staff account.
    expect(appEnv).toMatch(/^ {4}SEED_DEMO_DATA: 'false'$/m);
    expect(names).toEqual(expect.arrayContaining(['STAFF_EMAIL', 'STAFF_PASSWORD']));
    const staffPassword = appEnv.match(/^ {4}STAFF_PASSWORD: (\S+)/m)?.[1];
    expect(configSchema.shape.STAFF_PASSWORD.safeParse(staffPassword).success).toBe(true);
    await expect(assertStaffPasswordNotCommon({ STAFF_PASSWORD: staffPassword })).resolves.toBeUndefined();
  });
});
