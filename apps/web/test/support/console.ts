import { afterEach, beforeEach, vi } from 'vitest';

type Level = 'error' | 'warn';

const logged: { level: Level; text: string }[] = [];
const expected: { level: Level; pattern: RegExp }[] = [];

/**
 * A test that expects the code to log (an error it reports, a warning it gives) says so here; the
 * message must match `pattern`. Any other console.error or console.warn fails the test.
 */
export function expectConsole(level: Level, pattern: RegExp) {
  expected.push({ level, pattern });
}

function text(args: unknown[]) {
  return args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ');
}

beforeEach(() => {
  logged.length = 0;
  expected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push({ level, text: text(args) }));
  }
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  vi.mocked(console.warn).mockRestore();
  const unexpected = logged.filter((entry) => !expected.some((e) => e.level === entry.level && e.pattern.test(entry.text)));
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console output (use expectConsole() if the test expects it):\n${unexpected.map((e) => `console.${e.level}: ${e.text}`).join('\n')}`,
    );
  }
});
