// `npm test`: the format check, lint, the type check and the spelling check (Hunspell, scripts/spell-check.mjs)
// side by side (lint and the type check use one core each; the other two are short), then the unit and integration tests (Vitest), then the end-to-end tests
// (Playwright in Chromium). Stops at the first step that fails. Prints how long each step took, and writes it to test-results/test-steps.json
// (read by .ci/run's timing table).
//   node scripts/test.mjs            every step
//   node scripts/test.mjs unit e2e   only those steps (names: format, lint, typecheck, spelling, unit, e2e)
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const STEPS = {
  format: ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  lint: ['npm', ['run', '--silent', 'lint']],
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  spelling: ['node', ['scripts/spell-check.mjs']],
  unit: ['npx', ['vitest', 'run']],
  e2e: ['node', ['scripts/e2e.mjs']],
};
// Steps in one group run at the same time; groups run one after the other.
const GROUPS = [['format', 'lint', 'typecheck', 'spelling'], ['unit'], ['e2e']];

const only = process.argv.slice(2);
for (const name of only) {
  if (!(name in STEPS)) {
    console.error(`test: unknown step "${name}" (steps: ${Object.keys(STEPS).join(', ')})`);
    process.exit(2);
  }
}
const wanted = (name) => only.length === 0 || only.includes(name);

/** Runs one step. Alone it prints as it goes; beside another its output is kept and printed whole at its end. */
function run(name, buffered) {
  const [command, args] = STEPS[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered && chunks.length > 0) process.stdout.write(`--- ${name} ---\n${Buffer.concat(chunks).toString()}`);
      console.log(`test: ${name} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s`);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

const results = [];
let failed = false;
for (const group of GROUPS) {
  const names = group.filter(wanted);
  if (names.length === 0) continue;
  const done = await Promise.all(names.map((name) => run(name, names.length > 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}

mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/test-steps.json', JSON.stringify(results, null, 2) + '\n');
console.log(`test: ${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s${r.ok ? '' : ' (failed)'}`).join(', ')}`);
process.exit(failed ? 1 : 0);
