// Reads a Playwright JSON report and prints what budgets are set from: the slowest tests (each try),
// flaky and failed tests. Make a report with
//   PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/e2e.json node scripts/e2e.mjs --reporter=list,json
// then: node scripts/e2e-timings.mjs .tmp/e2e.json [how many, default 15]
import { readFileSync } from 'node:fs';

const [file, count = '15'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/e2e-timings.mjs <report.json> [count]');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));

const tests = [];
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      tests.push({ title: [...titles, spec.title].filter(Boolean).join(' › '), file: spec.file, line: spec.line, ...test });
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
};
for (const suite of report.suites) walk(suite, []);

const tries = tests.flatMap((t) =>
  t.results.map((r) => ({ name: `${t.file}:${t.line} ${t.title}`, duration: r.duration, status: r.status, retry: r.retry, timeout: t.timeout })),
);
tries.sort((a, b) => b.duration - a.duration);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

console.log(`${tests.length} tests, ${tries.length} tries, wall time ${s(report.stats.duration)}`);
console.log(`expected ${report.stats.expected}, flaky ${report.stats.flaky}, unexpected ${report.stats.unexpected}, skipped ${report.stats.skipped}`);
console.log(`\nslowest ${count} tries:`);
for (const t of tries.slice(0, Number(count))) console.log(`  ${s(t.duration).padStart(8)}  ${t.status}${t.retry ? ` (retry ${t.retry})` : ''}  ${t.name}`);
for (const [label, status] of [
  ['flaky', 'flaky'],
  ['failed', 'unexpected'],
]) {
  const list = tests.filter((t) => t.status === status);
  if (list.length)
    console.log(
      `\n${label}:\n${list.map((t) => `  ${t.file}:${t.line} ${t.title}: ${t.results.map((r) => `${r.status} ${s(r.duration)}`).join(', ')}`).join('\n')}`,
    );
}
