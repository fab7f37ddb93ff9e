import { loadVenues, type VenueBundle } from '../../contract/venueFiles';
import { VENUES_DIR } from '../../server/start';

/** The real venue folders, as the server loads them. */
export const venues: VenueBundle[] = loadVenues(VENUES_DIR);
