/**
 * The site's icons, drawn from the brand mark (BrandMark in app/components/site/header.tsx: the
 * motif's circle, arc and bar on navy, decision 0026) with sharp:
 *
 *   node_modules/.bin/node scripts/generate-icons.ts
 *
 * Writes into public/, where the files are committed:
 *  - `favicon.svg`: the mark itself, with the theme's colours written out;
 *  - `icon-192.png`, `icon-512.png`: the mark with its rounded corners (web app manifest, purpose
 *    "any"; the 512 one is also the logo of the Organization's structured data);
 *  - `icon-maskable-512.png`: navy to the edges, the mark drawn within the middle 80 % (the safe
 *    zone a launcher's mask never cuts), purpose "maskable";
 *  - `apple-touch-icon.png` (180 px): square and opaque, as iOS rounds the corners itself.
 * Run it again when the mark or the colours change.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

/** From app/app.css: navy-900, marigold-400, paper. */
const NAVY = "#152445";
const MARIGOLD = "#f5ad22";
const PAPER = "#faf7f1";

const publicDir = join(import.meta.dirname, "..", "public");

/** The mark's drawing in its 32 x 32 box, without the background. */
const MARK = `<circle cx="11" cy="13" r="5" fill="${MARIGOLD}"/><path d="M6 25a7 7 0 0 1 14 0" fill="none" stroke="${PAPER}" stroke-width="2.5" stroke-linecap="round"/><rect x="22" y="8" width="4" height="17" rx="1.5" fill="${PAPER}"/>`;

/** The mark on its background: rounded (`radius` 8, as BrandMark) or square, scaled about the middle. */
function markSvg({ radius, scale = 1 }: { radius: number; scale?: number }) {
  const offset = 16 * (1 - scale);
  const mark =
    scale === 1
      ? MARK
      : `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Site icon</title><rect width="32" height="32" rx="${radius}" fill="${NAVY}"/>${mark}</svg>`;
}

async function png(svg: string, size: number, name: string, opaque: boolean) {
  let image = sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size);
  if (opaque) image = image.flatten({ background: NAVY });
  await image.png({ compressionLevel: 9 }).toFile(join(publicDir, name));
}

writeFileSync(join(publicDir, "favicon.svg"), `${markSvg({ radius: 8 })}\n`);
await png(markSvg({ radius: 8 }), 192, "icon-192.png", false);
await png(markSvg({ radius: 8 }), 512, "icon-512.png", false);
await png(markSvg({ radius: 0, scale: 0.8 }), 512, "icon-maskable-512.png", true);
await png(markSvg({ radius: 0 }), 180, "apple-touch-icon.png", true);
console.log(
  "Wrote favicon.svg, icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png",
);
