import { mkdtempSync, cpSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVenues, VenueFileError } from '@contract/venueFiles';
import { venueSettingsSchema } from '@contract/venue';
import { applyVenueDefaults } from '@contract/venueDefaults';

const venuesDir = join(import.meta.dirname, '..', '..', 'venues');
const publicDir = join(import.meta.dirname, '..', '..', 'public');
const venues = loadVenues(venuesDir);
const settings = venues.map((venue) => venue.settings);

describe('demo venues', () => {
  it('cover every region, state and kind of venue the demo promises', () => {
    const ukTheatres = settings.filter((v) => v.region === 'uk' && v.kind === 'theatre');
    expect(ukTheatres).toHaveLength(2);
    expect(ukTheatres.map((v) => v.city)).toContain('London');
    const states = new Set(settings.map((v) => v.stateCode));
    for (const state of ['CA', 'MI', 'MA', 'NY', 'TX', 'LA']) expect(states).toContain(state);
    const kinds = new Set(settings.map((v) => v.kind));
    for (const kind of ['arena', 'concert-hall', 'attraction']) expect(kinds).toContain(kind);
    expect(settings.map((v) => v.slug)).toEqual([
      'bayou-discovery',
      'golden-gate-playhouse',
      'harbor-arena',
      'hudson-stage',
      'lone-star-theater',
      'lumen-theatre',
      'motor-city-music-hall',
      'northern-playhouse',
    ]);
  });

  it('turn every boolean flag on in at least one venue, so each one can be seen working', () => {
    const flagNames = Object.keys(settings[0]!.flags) as (keyof (typeof settings)[0]['flags'])[];
    for (const flag of flagNames) {
      const values = settings.map((v) => v.flags[flag]);
      if (typeof values[0] === 'boolean') {
        // shouldShowMarketingPreferences defaults to on, so the interesting case is a venue turning it off.
        expect(new Set(values), flag).toEqual(new Set([true, false]));
      }
    }
    expect(settings.filter((v) => v.flags.minVoucherNumberLength === 2)).toHaveLength(2);
    expect(settings.filter((v) => v.region === 'uk').every((v) => v.flags.startOfWeek === 1)).toBe(
      true,
    );
    expect(settings.find((v) => v.slug === 'lumen-theatre')!.flags.viewFromSeat.enabled).toBe(true);
    expect(settings.find((v) => v.slug === 'bayou-discovery')!.flags.loginDisabled).toBe(true);
    expect(new Set(settings.map((v) => v.holdMinutes))).toEqual(new Set([15, 20]));
    expect(settings.some((v) => v.flags.eTicketDescription !== undefined)).toBe(true);
  });

  it('point presale images at files that exist and legacy sites at the reserved .example domain', () => {
    for (const venue of settings) {
      expect(() => readFileSync(join(publicDir, venue.presaleBackgroundImage))).not.toThrow();
      expect(new URL(venue.legacySiteUrl).hostname.endsWith('.example')).toBe(true);
    }
  });

  it('send their emails from their own .example domain, replies to their box office', () => {
    for (const venue of settings) {
      const domain = new URL(venue.legacySiteUrl).hostname.replace(/^www\./, '');
      expect(venue.email, venue.slug).toEqual({
        from: `tickets@${domain}`,
        replyTo: `boxoffice@${domain}`,
      });
    }
  });

  it('ship a logo that names the venue to assistive technology', () => {
    for (const venue of venues) {
      const svg = readFileSync(join(venue.dir, 'logo.svg'), 'utf8');
      expect(svg).toMatch(/<svg[^>]*role="img"/);
      const title = /<title[^>]*>([^<]+)<\/title>/.exec(svg)?.[1];
      expect(title?.replace(/&amp;/g, '&')).toBe(venue.settings.name);
    }
  });

  it('get the same defaults in the browser (no zod) as the schema gives the server', () => {
    for (const venue of venues) {
      const raw: unknown = JSON.parse(readFileSync(join(venue.dir, 'venue.json'), 'utf8'));
      expect(applyVenueDefaults(raw as Parameters<typeof applyVenueDefaults>[0])).toEqual(
        venueSettingsSchema.parse(raw),
      );
    }
    const minimal = {
      ...JSON.parse(readFileSync(join(venues[0]!.dir, 'venue.json'), 'utf8')),
    } as Record<string, unknown>;
    delete minimal.flags;
    delete minimal.holdMinutes;
    delete minimal.seatSelectionLimit;
    expect(applyVenueDefaults(minimal as Parameters<typeof applyVenueDefaults>[0])).toEqual(
      venueSettingsSchema.parse(minimal),
    );
  });
});

describe('a broken venue folder', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  function brokenCopy(mutate: (venue: Record<string, unknown>) => void): string {
    scratch = mkdtempSync(join(tmpdir(), 'stagedoor-venues-'));
    const dir = join(scratch, 'venues');
    cpSync(join(venuesDir, 'harbor-arena'), join(dir, 'harbor-arena'), { recursive: true });
    const file = join(dir, 'harbor-arena', 'venue.json');
    const venue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    mutate(venue);
    writeFileSync(file, JSON.stringify(venue));
    return dir;
  }

  it('fails with a message naming the file and the wrong flag', () => {
    const dir = brokenCopy((venue) => {
      (venue.flags as Record<string, unknown>).startOfWeek = 'Monday';
    });
    expect(() => loadVenues(dir)).toThrow(VenueFileError);
    expect(() => loadVenues(dir)).toThrow(/venues\/harbor-arena\/venue\.json: flags\.startOfWeek /);
  });

  it('fails on a sender that is not an address', () => {
    const dir = brokenCopy((venue) => {
      venue.email = { from: 'tickets at harborarena.example' };
    });
    expect(() => loadVenues(dir)).toThrow(/venue\.json: email\.from /);
  });

  it('fails on a sender name that would break the header line', () => {
    const dir = brokenCopy((venue) => {
      venue.email = { from: 'tickets@harborarena.example', fromName: 'Harbor\r\nBcc: x@y.example' };
    });
    expect(() => loadVenues(dir)).toThrow(/venue\.json: email\.fromName must be one line of text/);
  });

  it('fails on a state that is not in the venue region', () => {
    const dir = brokenCopy((venue) => {
      venue.stateCode = 'TX';
    });
    expect(() => loadVenues(dir)).toThrow(/venue\.json: stateCode must be one of MI, MA, NY/);
  });
});
