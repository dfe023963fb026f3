import { fork, type ChildProcess } from 'node:child_process';

/**
 * The servers under load run in a child process of their own, so the load generator (autocannon, in
 * this process) and the server do not share an event loop. The child sends one message when ready.
 */
export function forkServer<Ready>(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(script, [], {
    execArgv: process.execArgv, // tsx's loader
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as Ready }));
    child.once('exit', (code) => reject(new Error(`server process exited early (code ${code})`)));
  });
}

/** Asks the child to stop (it closes its servers and database), and kills it after 5 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  child.kill();
}

/** Prints every run that had errors, time-outs or non-2xx answers; true when there was one. */
export function reportFailures(runs: Array<{ label: string; errors: number; timeouts: number; non2xx: number }>): boolean {
  let failed = false;
  for (const r of runs) {
    if (r.errors + r.timeouts + r.non2xx > 0) {
      console.error(`${r.label}: ${r.errors} errors, ${r.timeouts} time-outs, ${r.non2xx} non-2xx responses`);
      failed = true;
    }
  }
  return failed;
}

/**
 * The child's side: tells the parent it is ready, and runs `close` (then exits) when the parent asks
 * it to stop or goes away.
 */
export function serveUntilStopped(ready: object, close: () => Promise<void>): void {
  const shutdown = async () => {
    await close();
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void shutdown();
  });
  process.on('disconnect', () => void shutdown());
  process.send!(ready);
}
