// Free TCP ports on 127.0.0.1, chosen by the OS (listen on port 0, read the port, close).
// Used by scripts/e2e.mjs and, for a bare `npx playwright test`, by e2e/env.ts, so the e2e servers
// never depend on fixed ports that a crashed earlier run (or another checkout's run) may still hold.
// As a script, `node scripts/free-ports.mjs 4` prints four distinct free ports, one per line.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

/** `count` distinct free ports (all held open until every one is known, so none is handed out twice). */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ports = await freePorts(Number(process.argv[2] ?? 1));
  console.log(ports.join('\n'));
}
