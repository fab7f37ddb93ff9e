import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { POSTER_SLUGS, VENUE_ART_SLUGS, posterSvg, venueSvg } from './artwork';

/** Writes the demo artwork into public/images: `npx tsx server/scripts/generateArtwork.ts`. */
const images = fileURLToPath(new URL('../../public/images/', import.meta.url));
mkdirSync(`${images}shows`, { recursive: true });
mkdirSync(`${images}venues`, { recursive: true });
for (const slug of POSTER_SLUGS) writeFileSync(`${images}shows/${slug}.svg`, posterSvg(slug));
for (const slug of VENUE_ART_SLUGS) writeFileSync(`${images}venues/${slug}.svg`, venueSvg(slug));
console.log(
  `Wrote ${POSTER_SLUGS.length} posters and ${VENUE_ART_SLUGS.length} venue images to ${images}`,
);
