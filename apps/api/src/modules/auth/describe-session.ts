import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { AccountSession } from '@medallion/contracts/sessions';

/** At most this much of a user agent is parsed (a browser's is a few hundred characters). */
const MAX_USER_AGENT = 512;

/** Browser, system and kind of device of a session's user agent (bowser's parser); nulls when it says nothing. */
export function describeUserAgent(userAgent: string | null | undefined): Pick<AccountSession, 'browser' | 'browser_version' | 'os' | 'device'> {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (!ua) return { browser: null, browser_version: null, os: null, device: 'unknown' };
  const parsed = Bowser.parse(ua);
  const type = parsed.platform.type;
  return {
    browser: parsed.browser.name || null,
    browser_version: parsed.browser.version?.split('.')[0] || null,
    os: parsed.os.name || null,
    device: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown',
  };
}

/**
 * The network a session signed in from, without the part that names one household: an IPv4 address
 * keeps its first three numbers (203.0.113.x), an IPv6 address its first three groups (2001:db8:85a3::x).
 * null when the address is unknown or not an address.
 */
export function maskIp(ip: string | null | undefined): string | null {
  const address = (ip ?? '').trim();
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (!isIPv6(address)) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return maskIp(mapped);
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::x`;
}
