/**
 * Addresses of the demo area: real streets and postcodes near each demo venue (venues/*:
 * London, Manchester, San Francisco, New York, Boston, Detroit, Austin, New Orleans), a few
 * homes each. House and flat numbers are illustrative; no entry names a person.
 *
 * Each postcode lists its addresses as [line1, line2]. US entries carry their full ZIP+4, so a
 * lookup by the 5-digit ZIP finds every address in it and one by ZIP+4 only its own.
 */

export interface DemoPostcode {
  country: 'GB' | 'US';
  /** Written as the shared rules format it ("WC2E 7LB", "94102-2709"). */
  postcode: string;
  city: string;
  /** USPS state code for US entries; empty for the UK. */
  state: string;
  addresses: [line1: string, line2: string][];
}

const gb = (postcode: string, city: string, addresses: [string, string][]): DemoPostcode => ({
  country: 'GB',
  postcode,
  city,
  state: '',
  addresses,
});

const us = (
  postcode: string,
  city: string,
  state: string,
  addresses: [string, string][],
): DemoPostcode => ({ country: 'US', postcode, city, state, addresses });

export const DEMO_POSTCODES: readonly DemoPostcode[] = [
  // London: Covent Garden and the Strand (The Lumen Theatre).
  gb('WC2E 7LB', 'London', [
    ['Flat 1', '33 Maiden Lane'],
    ['Flat 2', '33 Maiden Lane'],
    ['Flat 3', '33 Maiden Lane'],
    ['35 Maiden Lane', ''],
  ]),
  gb('WC2N 6HG', 'London', [
    ['12 Villiers Street', ''],
    ['Flat A', '14 Villiers Street'],
    ['Flat B', '14 Villiers Street'],
  ]),
  gb('WC2R 0JR', 'London', [
    ['4 Savoy Hill', ''],
    ['Flat 5', 'Savoy Hill House, 7 Savoy Hill'],
    ['Flat 6', 'Savoy Hill House, 7 Savoy Hill'],
  ]),
  gb('SE1 9HA', 'London', [
    ['21 Hopton Street', ''],
    ['23 Hopton Street', ''],
    ['Flat 4', '25 Hopton Street'],
  ]),
  // Manchester: city centre and the Northern Quarter (Northern Playhouse).
  gb('M1 3BE', 'Manchester', [
    ['Apartment 201', '46 Princess Street'],
    ['Apartment 202', '46 Princess Street'],
    ['Apartment 301', '46 Princess Street'],
  ]),
  gb('M4 1LE', 'Manchester', [
    ['52 Thomas Street', ''],
    ['Flat 2', '54 Thomas Street'],
    ['Flat 3', '54 Thomas Street'],
  ]),
  gb('M15 4FN', 'Manchester', [
    ['3 Jackson Crescent', ''],
    ['5 Jackson Crescent', ''],
    ['7 Jackson Crescent', ''],
  ]),
  // San Francisco: the theater district and Nob Hill (Golden Gate Playhouse).
  us('94102-2709', 'San Francisco', 'CA', [
    ['450 Geary St', 'Apt 301'],
    ['450 Geary St', 'Apt 302'],
    ['450 Geary St', 'Apt 405'],
  ]),
  us('94102-1304', 'San Francisco', 'CA', [
    ['625 Jones St', 'Apt 2'],
    ['625 Jones St', 'Apt 6'],
  ]),
  us('94109-6018', 'San Francisco', 'CA', [
    ['1250 Jones St', 'Apt 1101'],
    ['1250 Jones St', 'Apt 1202'],
    ['1250 Jones St', 'Apt 704'],
  ]),
  us('94133-4015', 'San Francisco', 'CA', [
    ['530 Columbus Ave', ''],
    ['534 Columbus Ave', 'Unit 2'],
  ]),
  // New York: Times Square and Hell's Kitchen (The Hudson Stage, 44th Street).
  us('10036-4004', 'New York', 'NY', [
    ['311 W 44th St', 'Apt 2A'],
    ['311 W 44th St', 'Apt 4B'],
    ['311 W 44th St', 'Apt 5C'],
  ]),
  us('10036-6602', 'New York', 'NY', [
    ['420 W 45th St', 'Apt 3F'],
    ['420 W 45th St', 'Apt 6D'],
  ]),
  us('10019-3909', 'New York', 'NY', [
    ['350 W 55th St', 'Apt 12J'],
    ['350 W 55th St', 'Apt 14A'],
  ]),
  // Boston: the West End and Back Bay (Harbor Arena).
  us('02114-1302', 'Boston', 'MA', [
    ['2 Lovejoy Wharf', 'Unit 604'],
    ['2 Lovejoy Wharf', 'Unit 711'],
  ]),
  us('02116-5307', 'Boston', 'MA', [
    ['152 Commonwealth Ave', 'Apt 3'],
    ['154 Commonwealth Ave', ''],
    ['156 Commonwealth Ave', 'Apt 1'],
  ]),
  us('02210-2402', 'Boston', 'MA', [
    ['50 Liberty Dr', 'Unit 9C'],
    ['50 Liberty Dr', 'Unit 12F'],
  ]),
  // Detroit: downtown and Midtown (Motor City Music Hall).
  us('48226-3521', 'Detroit', 'MI', [
    ['1214 Griswold St', 'Apt 5'],
    ['1214 Griswold St', 'Apt 8'],
  ]),
  us('48201-2130', 'Detroit', 'MI', [
    ['4240 Cass Ave', 'Apt 302'],
    ['4240 Cass Ave', 'Apt 410'],
    ['4244 Cass Ave', ''],
  ]),
  us('48207-4208', 'Detroit', 'MI', [
    ['1300 Lafayette St', 'Apt 1506'],
    ['1300 Lafayette St', 'Apt 2210'],
  ]),
  // Austin: downtown, East Austin and South Congress (Lone Star Theater).
  us('78701-3903', 'Austin', 'TX', [
    ['710 Colorado St', 'Apt 8B'],
    ['710 Colorado St', 'Apt 11D'],
    ['710 Colorado St', 'Apt 14F'],
  ]),
  us('78702-4124', 'Austin', 'TX', [
    ['1103 E 6th St', ''],
    ['1105 E 6th St', 'Unit A'],
    ['1105 E 6th St', 'Unit B'],
  ]),
  us('78704-1719', 'Austin', 'TX', [
    ['1600 S Congress Ave', 'Apt 210'],
    ['1600 S Congress Ave', 'Apt 318'],
  ]),
  // New Orleans: the French Quarter, the Marigny and the Warehouse District (Bayou Discovery).
  us('70116-3107', 'New Orleans', 'LA', [
    ['915 Royal St', 'Apt 3'],
    ['917 Royal St', ''],
    ['919 Royal St', 'Apt B'],
  ]),
  us('70117-5725', 'New Orleans', 'LA', [
    ['2104 Chartres St', ''],
    ['2108 Chartres St', 'Unit 2'],
  ]),
  us('70130-3918', 'New Orleans', 'LA', [
    ['700 Tchoupitoulas St', 'Unit 402'],
    ['700 Tchoupitoulas St', 'Unit 515'],
  ]),
];
