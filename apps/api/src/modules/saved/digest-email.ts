import type { MailT } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';
import { listingPriceText } from '../listings/listing-emails';

/** A new listing that matches a saved search. */
export interface DigestListing {
  id: string;
  title: string | null;
  priceCents: number | null;
  dealType: 'rent' | 'sale';
  paymentPeriod: 'weekly' | 'monthly' | null;
  city: string | null;
  state: string | null;
}

export interface DigestSearch {
  name: string;
  /** The marketplace's URL query of the search. */
  query: string;
  token: string;
  /** Up to DIGEST_MATCHES_PER_SEARCH, newest first. */
  listings: DigestListing[];
  /** More matched than are listed. */
  more: boolean;
}

export interface DigestFacts {
  to: string;
  userName: string;
  /** Unknown: the e-mail is written in English and Russian. */
  language: Language | undefined;
  publicUrl: string;
  searches: DigestSearch[];
}

const link = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export function unsubscribeUrl(publicUrl: string, tokens: string[]): string {
  const query = new URLSearchParams(tokens.map((t): [string, string] => ['token', t]));
  return link(publicUrl, `/unsubscribe?${query.toString()}`);
}

function place(l: DigestListing): string | null {
  return l.city ? [l.city, l.state].filter(Boolean).join(', ') : null;
}

function textPart(f: DigestFacts, t: MailT, language: Language, allUrl: string): string {
  const lines: string[] = [t('common.hello', { name: f.userName }), '', t('digest.intro')];
  for (const s of f.searches) {
    lines.push('', `${s.name} (${t('digest.count', { count: s.listings.length })}${s.more ? '+' : ''}):`);
    for (const l of s.listings) {
      const details = [l.title ?? t('common.untitled'), listingPriceText(t, language, l) ?? t('digest.onRequest'), place(l)];
      lines.push(`- ${details.filter(Boolean).join(' · ')}`, `  ${link(f.publicUrl, `/listing/${l.id}`)}`);
    }
    if (s.more) lines.push(`${t('digest.more')}: ${link(f.publicUrl, `/marketplace${s.query ? `?${s.query}` : ''}`)}`);
    lines.push(`${t('digest.stopOne')}: ${unsubscribeUrl(f.publicUrl, [s.token])}`);
  }
  lines.push('', `${t('digest.manage')}: ${link(f.publicUrl, '/dashboard?tab=favorites')}`, `${t('digest.stopAll')}: ${allUrl}`, '', t('digest.why'));
  return lines.join('\n');
}

function htmlPart(f: DigestFacts, t: MailT, language: Language, allUrl: string): string {
  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const parts: string[] = [`<p>${escapeHtml(t('common.hello', { name: f.userName }))}</p>`, `<p>${escapeHtml(t('digest.intro'))}</p>`];
  for (const s of f.searches) {
    parts.push(`<h2>${escapeHtml(s.name)} <small>(${escapeHtml(t('digest.count', { count: s.listings.length }))}${s.more ? '+' : ''})</small></h2>`, '<ul>');
    for (const l of s.listings) {
      const details = [listingPriceText(t, language, l) ?? t('digest.onRequest'), place(l)].filter(Boolean).join(' · ');
      parts.push(`<li>${a(link(f.publicUrl, `/listing/${l.id}`), l.title ?? t('common.untitled'))} · ${escapeHtml(details)}</li>`);
    }
    parts.push('</ul>');
    if (s.more) parts.push(`<p>${a(link(f.publicUrl, `/marketplace${s.query ? `?${s.query}` : ''}`), t('digest.more'))}</p>`);
    parts.push(`<p><small>${a(unsubscribeUrl(f.publicUrl, [s.token]), t('digest.stopOne'))}</small></p>`);
  }
  parts.push(
    `<p>${a(link(f.publicUrl, '/dashboard?tab=favorites'), t('digest.manage'))} · ${a(allUrl, t('digest.stopAll'))}</p>`,
    `<p><small>${escapeHtml(t('digest.why'))}</small></p>`,
  );
  return parts.join('\n');
}

/** The daily digest: each search with its new listings (links) and its unsubscribe link. */
export function searchDigestEmail(f: DigestFacts): OutgoingMail {
  const allUrl = unsubscribeUrl(
    f.publicUrl,
    f.searches.map((s) => s.token),
  );
  return {
    to: f.to,
    ...inLanguages(f.language ? [f.language] : READER_LANGUAGES, (t, language) => ({
      subject: t('digest.subject'),
      text: textPart(f, t, language, allUrl),
      html: htmlPart(f, t, language, allUrl),
    })),
    category: 'digest',
  };
}

/**
 * The List-Unsubscribe headers of a digest (RFC 2369 and the one-click POST of RFC 8058), found from
 * its "stop all" link (the outbox keeps no headers): the same tokens on the API's unsubscribe URL.
 */
export function digestMailHeaders(message: { category: string | null; text: string }): Record<string, string> | undefined {
  if (message.category !== 'digest') return undefined;
  let best: URL | undefined;
  for (const match of message.text.matchAll(/https?:\/\/\S+\/unsubscribe\?\S+/g)) {
    const url = new URL(match[0]);
    if (!best || url.searchParams.getAll('token').length > best.searchParams.getAll('token').length) best = url;
  }
  if (!best) return undefined;
  const api = new URL(`/api/saved-searches/unsubscribe${best.search}`, best.origin);
  return { 'List-Unsubscribe': `<${api.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
