import Bowser from 'bowser';

/** What a notice says about a browser: its name with the major version, and its system ("Chrome 131", "Linux"). */
export interface BrowserDescription {
  browser: string | null;
  system: string | null;
}

const MAX_USER_AGENT = 512;
const FROZEN_VERSION = new Set(['macOS', 'Windows']);
/** Only plain text goes into a mail: the parser's names, and version numbers. */
const clean = (value: string | undefined) =>
  (value ?? '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 40);

/** Browser and system from a User-Agent (bowser); null for what it does not tell. */
export function describeBrowser(userAgent: string | undefined | null): BrowserDescription {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (!ua) return { browser: null, system: null };
  const parsed = Bowser.parse(ua);
  const name = clean(parsed.browser.name);
  const major = clean(parsed.browser.version?.split('.')[0]);
  const os = clean(parsed.os.name);
  // macOS and Windows freeze the version their browsers report (10.15.7, NT 10.0 on Windows 11): only the name.
  const osVersion = FROZEN_VERSION.has(os) ? '' : clean(parsed.os.versionName ?? parsed.os.version);
  return {
    browser: name ? [name, major].filter(Boolean).join(' ') : null,
    system: os ? [os, osVersion].filter(Boolean).join(' ') : null,
  };
}
