// What `npm start` says while it prepares (issue #30: a fresh start builds, migrates and seeds for about a
// minute, and said nothing). Short plain lines on stdout, at LOG_LEVEL's info or below, as the server's
// own logs: LOG_LEVEL=warn (the e2e run), error, fatal or silent keeps them quiet.

const QUIET = new Set(['warn', 'error', 'fatal', 'silent']);

/** A reporter of the start's steps: `step('building the web app')` → "Medallion: building the web app…". */
export function createProgress({ level = process.env.LOG_LEVEL ?? 'info', write = (line) => process.stdout.write(line) } = {}) {
  const on = !QUIET.has(level);
  return {
    on,
    step(text, n, of) {
      if (on) write(`Medallion: ${text}${n && of ? ` (${n} of ${of})` : ''}…\n`);
    },
  };
}
