import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/**
 * One PING to the Redis server at `url` (redis:// or rediss://, optional user:password and /db) over
 * a short-lived connection of its own, so the check says whether Redis answers this instance now,
 * whatever client the app uses for its data. Resolves on +PONG, rejects otherwise or after timeoutMs.
 */
export function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(parsed.port || 6379);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const commands: string[][] = [];
  if (password) commands.push(user ? ['AUTH', user, password] : ['AUTH', password]);
  commands.push(['PING']);
  const encoded = commands.map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`).join('');

  return new Promise((resolve, reject) => {
    const socket: Socket = parsed.protocol === 'rediss:' ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
    let buffer = '';
    let answered = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.setNoDelay(true);
    socket.once(parsed.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write(encoded));
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line.startsWith('-')) return finish(new Error(`Redis refused: ${line.slice(1, 80)}`));
        answered++;
        if (answered === commands.length) return finish(line === '+PONG' ? undefined : new Error('unexpected answer to PING'));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => finish(new Error(error.code ?? 'connection failed')));
    socket.once('close', () => finish(new Error('connection closed')));
  });
}
