import { fileURLToPath } from 'node:url';
import { loadVenues, VenueFileError } from '../../contract/venueFiles';
import { CatalogueError, loadCatalogue } from '../catalogue';

/**
 * `npm run catalogue:check`: reads every venue's catalogue files as the server does at start and
 * prints each problem as `file: JSON path what is wrong`; exits 1 when there is any.
 */
const venuesDir = process.argv[2] ?? fileURLToPath(new URL('../../venues/', import.meta.url));
try {
  const catalogue = loadCatalogue(loadVenues(venuesDir));
  const shows = catalogue.venues.reduce((n, venue) => n + venue.shows.length, 0);
  const plans = catalogue.venues.reduce((n, venue) => n + venue.plans.length, 0);
  console.log(
    `The catalogue is valid: ${catalogue.venues.length} venues, ${shows} shows, ${plans} plans.`,
  );
} catch (error) {
  if (!(error instanceof CatalogueError || error instanceof VenueFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}
