import type { Plugin } from 'vite';
import { loadVenues } from '../contract/venueFiles.ts';

/**
 * Fails `vite build` (and the dev server) when a venue file is invalid, with a message that
 * names the file and the field, before a bad venue can reach a buyer.
 */
export function venueValidation(venuesDir: string): Plugin {
  return {
    name: 'stagedoor-venue-validation',
    buildStart() {
      const venues = loadVenues(venuesDir);
      if (venues.length === 0) this.error(`No venues found in ${venuesDir}`);
      for (const venue of venues) this.addWatchFile(`${venue.dir}/venue.json`);
    },
  };
}
