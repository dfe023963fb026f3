import { isIPv4 } from 'node:net';

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Whether a URL (PUBLIC_URL) names this machine only: `localhost`, a 127.x address or `[::1]`. Such a
 * site cannot be reached from elsewhere, so what is safe only for a local demo may apply there.
 */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost') return true;
  return isLoopbackAddress(hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);
}
