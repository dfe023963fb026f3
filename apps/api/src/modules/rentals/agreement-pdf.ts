import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatLongDate, formatUsd } from '@medallion/contracts/formats';
import { agreementText, type AgreementTextKey } from '@medallion/contracts/rental-agreement-text';
import { addDays } from '@medallion/contracts/rental-states';
import type { RentalTerms } from './rental-records';

/** DejaVu Sans (free license, assets/fonts/DejaVu-LICENSE.txt): Latin and Cyrillic in one font. */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
function loadFonts() {
  fonts ??= (async () => {
    const folder = join(dirname(createRequire(import.meta.url).resolve('@medallion/api/package.json')), 'assets', 'fonts');
    const [regular, bold] = await Promise.all([readFile(join(folder, 'DejaVuSans.ttf')), readFile(join(folder, 'DejaVuSans-Bold.ttf'))]);
    return { regular, bold };
  })();
  return fonts;
}

export interface AgreementFacts {
  rentalId: string;
  startDate: string;
  endDate: string;
  weeks: number;
  depositCents: number;
  terms: RentalTerms;
  acceptances?: {
    driver: { name: string; at: Date; ip: string } | null;
    owner: { name: string; at: Date; ip: string } | null;
  };
}

const MARGIN = 50;
const WIDTH = 595.28; // A4
const HEIGHT = 841.89;

/** Lays out lines of text, wrapping at the margin and adding pages as needed. */
class Writer {
  private page: PDFPage;
  private y = HEIGHT - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }
  text(value: string, { size = 10, strong = false, gap = 4 }: { size?: number; strong?: boolean; gap?: number } = {}) {
    const font = strong ? this.bold : this.regular;
    const lineHeight = size * 1.35;
    for (const line of wrap(value, font, size, WIDTH - 2 * MARGIN)) {
      if (this.y - lineHeight < MARGIN) {
        this.page = this.doc.addPage([WIDTH, HEIGHT]);
        this.y = HEIGHT - MARGIN;
      }
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: rgb(0.07, 0.09, 0.13) });
    }
    this.y -= gap;
  }
  space(points: number) {
    this.y -= points;
  }
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** The day (YYYY-MM-DD) in the language ("March 5, 2026"). */
function day(date: string, language: 'en' | 'ru'): string {
  return formatLongDate(new Date(`${date}T12:00:00-05:00`), language);
}

/**
 * The rental agreement as a PDF, English then Russian: the parties, the car (VIN, plate), the label's
 * terms, the payment schedule (week 1 with the deposit at pick-up, then each week's rent on its day),
 * the rules, the ESIGN consent and (when given) each party's acceptance.
 */
export async function agreementPdf(f: AgreementFacts): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular, bold } = await loadFonts();
  const w = new Writer(doc, await doc.embedFont(regular, { subset: true }), await doc.embedFont(bold, { subset: true }));
  doc.setTitle(`${agreementText('en', 'title')} ${f.rentalId}`);
  doc.setCreator('Medallion');
  // A fixed date: the same facts make the same bytes (and the same SHA-256).
  const fixed = new Date(`${f.startDate}T00:00:00Z`);
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);

  for (const language of ['en', 'ru'] as const) {
    const t = (key: AgreementTextKey, params?: Record<string, string | number>) => agreementText(language, key, params);
    const money = (cents: number) => formatUsd(cents / 100, language, 'auto');
    const { label, listing, owner, driver } = f.terms;
    const included = (yes: boolean) => (yes ? t('included') : t('notIncluded'));
    const car = [listing.carYear, listing.carMake, listing.carModel].filter(Boolean).join(' ') || listing.title || '';
    w.text(t('title'), { size: 16, strong: true, gap: 6 });
    w.text(`${t('rentalId')}: ${f.rentalId}`, { size: 9 });
    w.text(t('intro'), { gap: 8 });
    w.text(t('parties'), { size: 12, strong: true });
    w.text(`${t('owner')}: ${owner.name} <${owner.email}>`);
    w.text(`${t('driver')}: ${driver.name} <${driver.email}>`);
    w.text(`${t('tlcLicense')}: ${driver.tlcLicenseNumber} (${day(driver.tlcLicenseExpiry, language)})`, { gap: 8 });
    w.text(t('vehicle'), { size: 12, strong: true });
    w.text(car);
    w.text(`${t('vin')}: ${listing.vin ?? '—'}    ${t('plate')}: ${listing.plateNumber ?? '—'}`);
    w.text(listing.place, { gap: 8 });
    w.text(t('terms'), { size: 12, strong: true });
    const rows: Array<[string, string]> = [
      [t('weeklyRent'), money(f.terms.weeklyRentCents)],
      [t('deposit'), money(f.depositCents)],
      [t('period'), `${day(f.startDate, language)} – ${day(addDays(f.endDate, -1), language)}`],
      [t('weeks'), String(f.weeks)],
      [t('mileage'), label.mileage_unlimited ? t('unlimited') : t('milesPerWeek', { miles: label.mileage_cap ?? 0 })],
      [t('insurance'), label.insurance_included ? `${t('included')}: ${label.insurance_limits ?? ''}` : t('notIncluded')],
      [t('tlcPlate'), included(label.tlc_plate_included)],
      [t('maintenance'), included(label.maintenance_included)],
      [t('deductible'), money(Math.round(label.deductible * 100))],
      [t('remoteDisabling'), label.remote_disabling ? t('yes') : t('no')],
    ];
    for (const [term, value] of rows) w.text(`${term}: ${value}`);
    w.text(t('never'), { gap: 8 });
    w.text(t('schedule'), { size: 12, strong: true });
    for (let n = 0; n < f.weeks; n++) {
      const params = { n: n + 1, date: day(addDays(f.startDate, 7 * n), language), amount: money(f.terms.weeklyRentCents), deposit: money(f.depositCents) };
      w.text(n === 0 ? t('scheduleFirst', params) : t('scheduleWeek', params));
    }
    w.space(4);
    w.text(t('rules'), { gap: 8 });
    w.text(t('consentTitle'), { size: 12, strong: true });
    for (const key of ['consent1', 'consent2', 'consent3', 'consent4'] as const) w.text(t(key));
    w.space(4);
    w.text(t('acceptances'), { size: 12, strong: true });
    for (const role of ['owner', 'driver'] as const) {
      const accepted = f.acceptances?.[role];
      w.text(
        accepted
          ? t('acceptedBy', { role: t(role), name: accepted.name, at: accepted.at.toISOString().replace('T', ' ').slice(0, 19) + ' UTC', ip: accepted.ip })
          : t('notYet', { role: t(role) }),
      );
    }
    w.space(24);
  }
  return Buffer.from(await doc.save());
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
