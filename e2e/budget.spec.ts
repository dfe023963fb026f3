import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_KIB = 170;
const dist = join(process.cwd(), 'apps/web/dist');

test(`initial JS of / is at most ${BUDGET_KIB} KiB gzipped`, async ({ page }, testInfo) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const sizes = [...scripts].map((path) => ({ path, gzip: gzipSync(readFileSync(join(dist, path)), { level: 9 }).length }));
  const totalKiB = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  const files = sizes.map((s) => `${s.path} ${(s.gzip / 1024).toFixed(1)} KiB`).join(', ');
  const report = `initial JS of /: ${totalKiB.toFixed(1)} KiB gzipped in ${sizes.length} files (${files})`;
  console.log(report);
  testInfo.annotations.push({ type: 'budget', description: report });
  expect(sizes.length).toBeGreaterThan(0);
  expect(totalKiB).toBeLessThanOrEqual(BUDGET_KIB);
});
