import type { Image } from '../../../contract/api/common';

/**
 * Venue content and commercial settings the venue folders do not carry (venue.json holds settings,
 * catalogue.json, shows/ and plans/ the catalogue: server/catalogue/files).
 */
export interface VenueContentDef {
  slug: string;
  description: string[];
  address: { lines: string[]; city: string; postcode: string };
  accessInformation: string;
  image: Image;
  /** Per-ticket booking fee in minor units, included in the all-in price. */
  bookingFee: number;
  /** Per-order transaction fee in minor units. */
  transactionFee: number;
  /** A virtual queue stands in front of the onsale (big arena onsales). */
  queueActive: boolean;
}

const venueImage = (slug: string, alt: string): Image => ({
  src: `/images/venues/${slug}.svg`,
  alt,
  width: 1200,
  height: 600,
});

const THEATRE_ACCESS =
  'Step-free access from the main entrance to the Stalls and Dress Circle. Wheelchair spaces, each with a companion seat, are in Stalls row T and Dress Circle row A. An infrared hearing system is available at the cloakroom, and assistance dogs are welcome.';
/** The same house in a US buyer's words (its levels as plans/theatre.json names them in en-US). */
const US_THEATRE_ACCESS =
  'An entrance with no steps leads from the main doors to the Orchestra and Mezzanine. Wheelchair spaces, each with a companion seat, are in Orchestra row T and Mezzanine row A. Assistive listening devices are available at the coat check, and service animals are welcome.';

export const VENUE_CONTENT: VenueContentDef[] = [
  {
    slug: 'lumen-theatre',
    description: [
      'The Lumen Theatre has stood on the corner of Lantern Street since 1899, its gilded auditorium lit by the glass roof that gave it its name.',
      'Three levels — Stalls, Dress Circle and Upper Circle — bring 1,200 people within 30 metres of the stage.',
    ],
    address: { lines: ['12 Lantern Street'], city: 'London', postcode: 'WC2E 7LM' },
    accessInformation: THEATRE_ACCESS,
    image: venueImage(
      'lumen-theatre',
      'The Lumen Theatre at dusk, its glass roof glowing above a red-brick façade',
    ),
    bookingFee: 250,
    transactionFee: 295,
    queueActive: false,
  },
  {
    slug: 'northern-playhouse',
    description: [
      'A former cotton exchange turned playhouse, the Northern Playhouse has been Manchester’s home of big musicals since 1921.',
      'Its three-tier horseshoe auditorium seats 1,200 and keeps every seat close to the action.',
    ],
    address: { lines: ['48 Exchange Row'], city: 'Manchester', postcode: 'M2 4NP' },
    accessInformation: THEATRE_ACCESS,
    image: venueImage(
      'northern-playhouse',
      'The Northern Playhouse, a stone former exchange building with a lit canopy',
    ),
    bookingFee: 200,
    transactionFee: 250,
    queueActive: false,
  },
  {
    slug: 'golden-gate-playhouse',
    description: [
      'Golden Gate Playhouse brings touring musicals and new American writing to Geary Street.',
      'The restored 1,200-seat house spans the Orchestra, the Mezzanine and the Balcony.',
    ],
    address: { lines: ['415 Geary Street'], city: 'San Francisco', postcode: 'CA 94102' },
    accessInformation: US_THEATRE_ACCESS,
    image: venueImage(
      'golden-gate-playhouse',
      'Golden Gate Playhouse marquee lit in amber against a foggy evening sky',
    ),
    bookingFee: 450,
    transactionFee: 500,
    queueActive: false,
  },
  {
    slug: 'hudson-stage',
    description: [
      'The Hudson Stage is a Broadway-scale house on West 44th Street, home to transfers from London and new American drama.',
      'A sister house of The Lumen Theatre, it shares its 1,200-seat, three-level layout.',
    ],
    address: { lines: ['230 West 44th Street'], city: 'New York', postcode: 'NY 10036' },
    accessInformation: US_THEATRE_ACCESS,
    image: venueImage(
      'hudson-stage',
      'The Hudson Stage façade with a vertical neon sign on West 44th Street',
    ),
    bookingFee: 550,
    transactionFee: 600,
    queueActive: false,
  },
  {
    slug: 'harbor-arena',
    description: [
      'Harbor Arena is Boston’s waterfront arena: 20,000 seats in a lower and an upper bowl around an end stage.',
      'Doors open 90 minutes before the show; bags larger than 12 × 12 × 6 inches are not allowed.',
    ],
    address: { lines: ['1 Harbor Way'], city: 'Boston', postcode: 'MA 02210' },
    accessInformation:
      'Accessible seating with companion seats is in row 20 of every lower-bowl section, reached by elevators at gates A and C. Assistive listening devices are available at Guest Services.',
    image: venueImage('harbor-arena', 'Harbor Arena’s curved glass bowl beside the water at night'),
    bookingFee: 850,
    transactionFee: 450,
    queueActive: true,
  },
  {
    slug: 'motor-city-music-hall',
    description: [
      'Motor City Music Hall is a 1,800-capacity general-admission room with a sprung standing floor and an unreserved balcony.',
      'All tickets are general admission: arrive early for a spot at the rail.',
    ],
    address: { lines: ['3120 Woodward Avenue'], city: 'Detroit', postcode: 'MI 48201' },
    accessInformation:
      'An accessible viewing platform on the standing floor holds 12 wheelchair users with a companion each; reserve a place with the box office. The balcony is reached by stairs only.',
    image: venueImage(
      'motor-city-music-hall',
      'Motor City Music Hall’s brick frontage with a marquee spelling out tonight’s show',
    ),
    bookingFee: 600,
    transactionFee: 350,
    queueActive: false,
  },
  {
    slug: 'lone-star-theater',
    description: [
      'Lone Star Theater on Congress Avenue has hosted vaudeville, movie premieres and now musicals since 1915.',
      'Its 1,200 seats rise over three levels beneath a painted Texas-sky ceiling.',
    ],
    address: { lines: ['710 Congress Avenue'], city: 'Austin', postcode: 'TX 78701' },
    accessInformation: US_THEATRE_ACCESS,
    image: venueImage(
      'lone-star-theater',
      'Lone Star Theater’s star-topped marquee on Congress Avenue',
    ),
    bookingFee: 400,
    transactionFee: 400,
    queueActive: false,
  },
  {
    slug: 'bayou-discovery',
    description: [
      'Bayou Discovery is a walk-through wetland experience in the heart of New Orleans.',
      'Entry is by timed slot so the boardwalks never feel crowded; allow 75 minutes for your visit.',
    ],
    address: { lines: ['900 Levee Street'], city: 'New Orleans', postcode: 'LA 70130' },
    accessInformation:
      'Boardwalks have no steps and a gentle slope throughout. Wheelchairs can be borrowed free of charge at the entrance; low-light areas have handrails.',
    image: venueImage(
      'bayou-discovery',
      'A lantern-lit boardwalk winding through cypress trees at Bayou Discovery',
    ),
    bookingFee: 150,
    transactionFee: 200,
    queueActive: false,
  },
];
