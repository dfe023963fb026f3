import { describe, expect, it } from 'vitest';
import { PASSKEYS_UNAVAILABLE_WARNING, passkeysWorkAt } from '../src/modules/auth/passkey-plugin';
import { buildTestApp } from './helpers/build-test-app';

/* Issue #30: passkeys at an address browsers refuse them on; the server says so at start. */
describe('passkeys and the site address', () => {
  it('work at https and on localhost, not on plain http elsewhere nor at an IP address', () => {
    expect(passkeysWorkAt('https://medallion.example')).toBe(true);
    expect(passkeysWorkAt('http://localhost:3000')).toBe(true);
    expect(passkeysWorkAt('http://app.localhost:3000')).toBe(true);
    expect(passkeysWorkAt('http://medallion.lan:3000')).toBe(false);
    expect(passkeysWorkAt('http://192.168.1.5:3000')).toBe(false);
    expect(passkeysWorkAt('http://127.0.0.1:3000')).toBe(false);
    expect(passkeysWorkAt('https://10.0.0.2')).toBe(false);
    expect(passkeysWorkAt('http://[::1]:3000')).toBe(false);
  });

  it('the server warns at start when PUBLIC_URL is such an address', async () => {
    const lines: string[] = [];
    await buildTestApp({ PUBLIC_URL: 'http://192.168.1.5:3000', LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
    expect(lines.some((line) => line.includes(PASSKEYS_UNAVAILABLE_WARNING) && line.includes('"level":40'))).toBe(true);
  });
});
