// Draws the app's icons for the web app manifest (apps/web/public/manifest.webmanifest) from the
// brand's mark (the favicon's medallion: taxi yellow on asphalt with the checker band, brand.md):
// `node scripts/make-icons.mjs` writes apps/web/public/icons/*.png (committed; run again after a change).
// "any" icons: the medallion alone, on transparent corners. "maskable": the medallion inside the
// safe zone (the middle 80 %) on a full asphalt square, so any mask shape keeps it whole.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ASPHALT = '#16181D';
const TAXI = '#F7B500';
const out = fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));

/** The medallion in a 32-unit box: asphalt ring, yellow disc, asphalt center and the checker band. */
function medallion() {
  const band = [];
  // The checker band across the disc: two rows of alternating squares, as on a taxi's door.
  for (let i = 0; i < 12; i++) {
    const x = 4 + i * 2;
    band.push(`<rect x="${x}" y="${i % 2 === 0 ? 14 : 16}" width="2" height="2" fill="${ASPHALT}"/>`);
  }
  return `<circle cx="16" cy="16" r="15" fill="${ASPHALT}"/><circle cx="16" cy="16" r="12" fill="${TAXI}"/>
    <clipPath id="disc"><circle cx="16" cy="16" r="12"/></clipPath><g clip-path="url(#disc)">${band.join('')}</g>
    <circle cx="16" cy="16" r="7.5" fill="${ASPHALT}"/><circle cx="16" cy="16" r="5.5" fill="none" stroke="${TAXI}" stroke-width="0.8"/>`;
}

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${medallion()}</svg>`;
// Safe zone: a circle of 40 % of the size around the center; the medallion (r 15 of 32) is drawn at 70 %.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ASPHALT}"/>
  <g transform="translate(4.8 4.8) scale(0.7)">${medallion()}</g></svg>`;

mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(anyIcon), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}icon-${size}.png`);
  await sharp(Buffer.from(maskable), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}maskable-${size}.png`);
}
await sharp(Buffer.from(maskable), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(`${out}apple-touch-icon.png`);
console.log(`icons written to ${out}`);
