// Draws the web app's install icons from the logo (apps/web/public/favicon.svg); run again when
// the logo changes: `node scripts/make-icons.mjs`. The PNGs are kept in the repo.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = 'apps/web/public/icons';
mkdirSync(out, { recursive: true });
const glyph =
  '<path d="M18 20h28v6L28 40h18v6H18v-6l18-14H18z" fill="#fff"/><circle cx="50" cy="16" r="5" fill="#f5a623"/>';
// "any": the rounded logo as it is. "maskable": full-bleed blue with the glyph inside the safe
// circle (80 %), so a launcher may cut any shape out of it.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b3a8c"/>${glyph}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b3a8c"/><g transform="translate(12.8 12.8) scale(0.6)">${glyph}</g></svg>`;
const opaque = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b3a8c"/><g transform="translate(6.4 6.4) scale(0.8)">${glyph}</g></svg>`;

const draw = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}/${file}`);

await draw(any, 192, 'icon-192.png');
await draw(any, 512, 'icon-512.png');
await draw(maskable, 512, 'maskable-512.png');
await draw(opaque, 180, 'apple-touch-icon.png');
console.log(`icons written to ${out}`);
