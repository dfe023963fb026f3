import { and, eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import type { PageHead } from '../../plugins/web';
import { imageKey } from './listing-record';

const LISTING_PATH = /^\/listing\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * The head of /listing/{id} for link previews in messengers: the listing's title, price, place and
 * description, and its cover photo. Only published (ACTIVE) listings; others get the plain page.
 */
export async function listingPageHead(db: Database, storage: Storage, publicUrl: string, path: string): Promise<PageHead | null> {
  const match = LISTING_PATH.exec(path);
  if (!match) return null;
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, match[1]!.toLowerCase()), eq(listings.status, 'ACTIVE')))
    .limit(1);
  if (!row || !row.title) return null;
  const price =
    row.priceCents === null
      ? ''
      : `$${(row.priceCents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}${row.paymentPeriod ? ` / ${row.paymentPeriod === 'weekly' ? 'week' : 'month'}` : ''}`;
  const place = [row.locationCity, row.locationState].filter(Boolean).join(', ');
  const facts = [price, place].filter(Boolean).join(' · ');
  const description = shorten([facts, row.description ?? ''].filter(Boolean).join('. '), 200);
  const cover = row.images[0];
  const absolute = (url: string) => new URL(url, publicUrl).toString();
  return {
    title: `${shorten(row.title, 90)} | Medallion`,
    description,
    url: absolute(path),
    ...(cover ? { image: absolute(storage.publicUrl(imageKey(row.id, cover))) } : {}),
  };
}
