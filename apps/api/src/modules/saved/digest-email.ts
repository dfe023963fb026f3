import type { Language } from '@medallion/contracts/site';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';

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

const TEXTS = {
  en: {
    subject: 'New listings for your saved searches',
    hello: (name: string) => `Hello ${name},`,
    intro: 'New listings on Medallion match your saved searches.',
    count: (n: number) => (n === 1 ? '1 new listing' : `${n} new listings`),
    untitled: 'Untitled listing',
    onRequest: 'Price on request',
    week: 'week',
    month: 'month',
    more: 'See all matches',
    stopOne: 'Stop e-mail alerts for this search',
    manage: 'Manage your saved searches',
    stopAll: 'Stop all these e-mail alerts',
    why: 'You get this e-mail because you turned on alerts for a saved search on Medallion.',
  },
  ru: {
    subject: 'Новые объявления по вашим сохранённым поискам',
    hello: (name: string) => `Здравствуйте, ${name}!`,
    intro: 'На Medallion появились объявления, подходящие под ваши сохранённые поиски.',
    count: (n: number) => `новых объявлений: ${n}`,
    untitled: 'Объявление без названия',
    onRequest: 'Цена по запросу',
    week: 'неделя',
    month: 'месяц',
    more: 'Все подходящие объявления',
    stopOne: 'Отключить оповещения по этому поиску',
    manage: 'Управлять сохранёнными поисками',
    stopAll: 'Отключить все эти оповещения',
    why: 'Вы получили это письмо, потому что включили оповещения для сохранённого поиска на Medallion.',
  },
} as const;

const link = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export function unsubscribeUrl(publicUrl: string, tokens: string[]): string {
  const query = new URLSearchParams(tokens.map((t): [string, string] => ['token', t]));
  return link(publicUrl, `/unsubscribe?${query.toString()}`);
}

function price(l: DigestListing, lang: Language): string {
  const t = TEXTS[lang];
  if (l.priceCents === null) return t.onRequest;
  const dollars = `$${(l.priceCents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  if (l.dealType === 'sale' || !l.paymentPeriod) return dollars;
  return `${dollars} / ${l.paymentPeriod === 'weekly' ? t.week : t.month}`;
}

function place(l: DigestListing): string | null {
  return l.city ? [l.city, l.state].filter(Boolean).join(', ') : null;
}

function textPart(f: DigestFacts, lang: Language, allUrl: string): string {
  const t = TEXTS[lang];
  const lines: string[] = [t.hello(f.userName), '', t.intro];
  for (const s of f.searches) {
    lines.push('', `${s.name} (${t.count(s.listings.length)}${s.more ? '+' : ''}):`);
    for (const l of s.listings) {
      lines.push(`- ${[l.title ?? t.untitled, price(l, lang), place(l)].filter(Boolean).join(' · ')}`, `  ${link(f.publicUrl, `/listing/${l.id}`)}`);
    }
    if (s.more) lines.push(`${t.more}: ${link(f.publicUrl, `/marketplace${s.query ? `?${s.query}` : ''}`)}`);
    lines.push(`${t.stopOne}: ${unsubscribeUrl(f.publicUrl, [s.token])}`);
  }
  lines.push('', `${t.manage}: ${link(f.publicUrl, '/dashboard?tab=favorites')}`, `${t.stopAll}: ${allUrl}`, '', t.why);
  return lines.join('\n');
}

function htmlPart(f: DigestFacts, lang: Language, allUrl: string): string {
  const t = TEXTS[lang];
  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const parts: string[] = [`<p>${escapeHtml(t.hello(f.userName))}</p>`, `<p>${escapeHtml(t.intro)}</p>`];
  for (const s of f.searches) {
    parts.push(`<h2>${escapeHtml(s.name)} <small>(${escapeHtml(t.count(s.listings.length))}${s.more ? '+' : ''})</small></h2>`, '<ul>');
    for (const l of s.listings) {
      const details = [price(l, lang), place(l)].filter(Boolean).join(' · ');
      parts.push(`<li>${a(link(f.publicUrl, `/listing/${l.id}`), l.title ?? t.untitled)} · ${escapeHtml(details)}</li>`);
    }
    parts.push('</ul>');
    if (s.more) parts.push(`<p>${a(link(f.publicUrl, `/marketplace${s.query ? `?${s.query}` : ''}`), t.more)}</p>`);
    parts.push(`<p><small>${a(unsubscribeUrl(f.publicUrl, [s.token]), t.stopOne)}</small></p>`);
  }
  parts.push(`<p>${a(link(f.publicUrl, '/dashboard?tab=favorites'), t.manage)} · ${a(allUrl, t.stopAll)}</p>`, `<p><small>${escapeHtml(t.why)}</small></p>`);
  return parts.join('\n');
}

/** The daily digest: each search with its new listings (links) and its unsubscribe link. */
export function searchDigestEmail(f: DigestFacts): OutgoingMail {
  const allUrl = unsubscribeUrl(
    f.publicUrl,
    f.searches.map((s) => s.token),
  );
  const languages: Language[] = f.language ? [f.language] : ['en', 'ru'];
  return {
    to: f.to,
    subject: languages.map((l) => TEXTS[l].subject).join(' / '),
    text: languages.map((l) => textPart(f, l, allUrl)).join('\n\n---\n\n'),
    html: languages.map((l) => `<div lang="${l}">${htmlPart(f, l, allUrl)}</div>`).join('\n<hr>\n'),
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
