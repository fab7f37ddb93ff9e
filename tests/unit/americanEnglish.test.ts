// @vitest-environment node
// (The emails read their catalogues from disk by file URL, as the server does.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { OrderView } from '../../contract/api/orders';
import type { VenueSettings } from '../../contract/venue';
import { loadVenues } from '../../contract/venueFiles';
import { renderAccountActivation } from '../../server/email/accountActivation';
import {
  renderAccountExists,
  renderEmailChange,
  renderEmailChangeNotice,
  renderPasswordReset,
} from '../../server/email/accountEmails';
import { readable } from '../../server/email/emailFixtures';
import { renderMembershipConfirmation } from '../../server/email/membershipConfirmation';
import { renderOrderConfirmation, type RenderedEmail } from '../../server/email/orderConfirmation';
import { SCHEME_OFFERS, VENUE_WORDING } from '../../server/catalogue/seed/members';
import { MEMBERSHIPS } from '../../server/catalogue/seed/products';
import { loadCatalogue } from '../../server/catalogue/files/load';
import { VENUE_CONTENT } from '../../server/catalogue/seed/venueContent';
import {
  approvalPage,
  badRequestPage,
  challengePage,
  deviceDataPage,
  missingPage,
} from '../../server/payments/sandbox/pageHtml';
import { britishTermsIn, describeFindings } from './britishEnglish';

/**
 * Issue 24: a US buyer reads American English in everything the shop shows or sends them: the
 * catalogue as their venue layers it (en-GB source → en-US → brand → venue), their venue's own
 * settings text, the demo content of US venues, every email, and the sandbox bank's pages. A
 * British spelling or term from tests/unit/britishEnglish.ts fails here with the id (or the
 * place) and the word, so a new en-GB text without its en-US override is found at once.
 */

const root = join(import.meta.dirname, '..', '..');
type Messages = Record<string, string>;

const readLayer = (path: string): Messages =>
  existsSync(join(root, path))
    ? (JSON.parse(readFileSync(join(root, path), 'utf8')) as Messages)
    : {};

const SOURCE = 'locales/en-GB.json';
const source = readLayer(SOURCE);
const usVenues = loadVenues(join(root, 'venues'))
  .map((bundle) => bundle.settings)
  .filter((settings) => settings.locale === 'en-US');
/** The US venues' catalogue files (venues/<slug>/catalogue.json, plans/, shows/). */
const usCatalogue = loadCatalogue(loadVenues(join(root, 'venues'))).venues.filter(
  (venue) => venue.bundle.settings.locale === 'en-US',
);

/**
 * Ids that only a UK venue shows, so no en-US buyer meets them: the UK address rules of spec §5
 * (quoted there under "UK", word for word) and the refusal of a non-UK address for posting.
 * The address form picks its rules by the venue's country (src/components/form/validation).
 */
const UK_ONLY_IDS = new Set([
  'validation.uk.postcodeRequired',
  'validation.uk.postcodeUkOnly',
  'validation.uk.postcodeInvalid',
  'validation.address.postOnlyUk',
]);

/**
 * What a reader can see of a message: its words, every plural and select branch, and a
 * four-digit number for each value (so "ending {last4}" reads as a card's "ending 1234"). The
 * names of placeholders ("{postcode}") are not text.
 */
function visibleText(message: string): string {
  const walk = (elements: MessageFormatElement[]): string =>
    elements
      .map((element) => {
        switch (element.type) {
          case TYPE.literal:
            return element.value;
          case TYPE.pound:
            return '1';
          case TYPE.tag:
            return walk(element.children);
          case TYPE.plural:
          case TYPE.select:
            return Object.values(element.options)
              .map((option) => walk(option.value))
              .join(' / ');
          default:
            return '1234';
        }
      })
      .join('');
  return walk(parse(message));
}

/** The layers of a venue's en-US catalogue, lowest first (src/i18n/loadMessages.ts). */
function layersOf(venue: VenueSettings): [file: string, messages: Messages][] {
  const files = [
    'locales/en-US.json',
    ...(venue.brand ? [`locales/brands/${venue.brand}/en-US.json`] : []),
    `venues/${venue.slug}/messages/en-US.json`,
  ];
  return [[SOURCE, source], ...files.map((file): [string, Messages] => [file, readLayer(file)])];
}

/**
 * Each British finding once per id and the file its text comes from, naming where to fix it:
 * a text that falls back to en-GB needs an en-US override.
 */
function catalogueProblems(): string[] {
  const problems = new Map<string, string[]>();
  for (const venue of usVenues) {
    const layers = layersOf(venue);
    for (const id of Object.keys(source)) {
      if (UK_ONLY_IDS.has(id)) continue;
      const [file, messages] = layers.findLast(([, layer]) => id in layer)!;
      const fix =
        file === SOURCE
          ? `add "${id}" to locales/en-US.json`
          : `American wording for "${id}" in ${file}`;
      const key = `${id} (from ${file}; ${fix})`;
      if (problems.has(key)) continue;
      const findings = britishTermsIn(visibleText(messages[id]!));
      if (findings.length > 0) problems.set(key, describeFindings(key, findings));
    }
  }
  return [...problems.values()].flat();
}

/** Findings in named texts: `where` says what the text is and where it lives. */
function problemsIn(texts: [where: string, text: string][]): string[] {
  return texts.flatMap(([where, text]) => describeFindings(where, britishTermsIn(text)));
}

describe('the list of British terms', () => {
  it('finds the forms a US buyer met before (issue 24), once each, case-insensitively', () => {
    const found = (text: string) => britishTermsIn(text).map((finding) => finding.british);
    expect(found('Programmes')).toEqual(['programme']);
    expect(found('Review my basket')).toEqual(['basket']);
    expect(found('Tickets are sent by post.')).toEqual(['by post']);
    expect(found("We don't recognise that number")).toEqual(['recognise']);
    expect(found('CANCELLED')).toEqual(['cancelled']);
    expect(found('Enter your postcode')).toEqual(['postcode']);
    expect(found('Visa ending 1111')).toEqual(['ending 1234']);
  });

  it('leaves American words, longer words and proper names alone', () => {
    for (const text of [
      'Programs, cart, canceled, mail, recognize, ZIP code',
      'Ticket cancellation is free; the show was programmed for May.',
      'The Lumen Theatre’s award-winning production',
      'Visa ending in 1111',
    ]) {
      expect(britishTermsIn(text), text).toEqual([]);
    }
  });

  it('reads a message as its reader does: every branch, placeholders as values', () => {
    expect(
      visibleText('{n, plural, =0 {no interval} other {# intervals}} for {postcode}<b>!</b>'),
    ).toBe('no interval / 1 intervals for 1234!');
  });
});

describe('en-US texts have no British spelling or term', () => {
  it('has US venues to read (en-US in their venue.json)', () => {
    expect(usVenues.map((venue) => venue.slug)).toEqual(
      expect.arrayContaining(['hudson-stage', 'golden-gate-playhouse', 'harbor-arena']),
    );
  });

  it('in every id of the catalogue as each US venue layers it (en-GB → en-US → brand → venue)', () => {
    expect(catalogueProblems()).toEqual([]);
  });

  it("in each US venue's own settings text (venue.json)", () => {
    const texts = usVenues.flatMap((venue): [string, string][] => [
      [`venues/${venue.slug}/venue.json name`, venue.name],
      [`venues/${venue.slug}/venue.json queue.defaultQueueName`, venue.queue.defaultQueueName],
      ...(venue.queue.sales ?? []).map((sale): [string, string] => [
        `venues/${venue.slug}/venue.json queue.sales ${sale.saleId}`,
        sale.name ?? '',
      ]),
      [
        `venues/${venue.slug}/venue.json flags.eTicketDescription`,
        venue.flags.eTicketDescription ?? '',
      ],
      ...venue.checkoutQuestions.map((question): [string, string] => [
        `venues/${venue.slug}/venue.json checkoutQuestions ${question.id}`,
        [question.label, ...(question.kind === 'choice' ? question.options : [])].join(' / '),
      ]),
    ]);
    expect(problemsIn(texts)).toEqual([]);
  });

  it('in the demo content of US venues (server/catalogue/seed)', () => {
    const slugs = new Set(usVenues.map((venue) => venue.slug));
    const texts: [string, string][] = [];
    for (const content of VENUE_CONTENT.filter((venue) => slugs.has(venue.slug))) {
      const where = `seed venueContent.ts ${content.slug}`;
      texts.push(
        [`${where} description`, content.description.join(' ')],
        [`${where} accessInformation`, content.accessInformation],
        [`${where} image`, content.image.alt],
      );
    }
    for (const venue of usCatalogue) {
      const slug = venue.bundle.settings.slug;
      for (const { slug: file, plan } of venue.plans) {
        const parts =
          plan.kind === 'reserved'
            ? plan.sections.flatMap((section) => [section.name, section.level])
            : plan.areas.map((area) => area.name);
        const zones = plan.kind === 'reserved' ? new Set(plan.seats.map((seat) => seat.zone)) : [];
        texts.push([`${slug}/plans/${file}.json`, [...parts, ...zones].join(' / ')]);
      }
      for (const extra of venue.settings.products) {
        texts.push([
          `${slug}/catalogue.json products ${extra.kind}`,
          [extra.name, extra.description, extra.priceZone?.replace(/-/g, ' ') ?? ''].join(' / '),
        ]);
      }
      for (const promo of venue.settings.promoCodes) {
        texts.push([`${slug}/catalogue.json promoCodes ${promo.code}`, promo.description]);
      }
      for (const { titleSlug, file: show } of venue.shows) {
        const where = `${slug}/shows/${titleSlug}.json`;
        texts.push(
          [
            where,
            [
              show.title,
              show.strapline,
              ...show.description,
              ...show.images.map((image) => image.alt),
              show.genre,
              show.ageGuidance,
              show.accessInformation,
              ...show.notices.map((notice) => notice.text),
              ...show.admissionMessages.map((message) => message.text),
            ].join(' / '),
          ],
          [`${where} prices`, show.prices.map((price) => price.name ?? '').join(' / ')],
          [
            `${where} offers`,
            show.offers.flatMap((offer) => [offer.name, offer.description]).join(' / '),
          ],
        );
      }
    }
    for (const [scheme, offer] of Object.entries(SCHEME_OFFERS)) {
      texts.push([`seed members.ts SCHEME_OFFERS ${scheme}`, offer.benefits.join(' / ')]);
    }
    for (const wording of VENUE_WORDING.filter((candidate) => slugs.has(candidate.venueSlug))) {
      texts.push([
        `seed members.ts VENUE_WORDING ${wording.venueSlug}`,
        [wording.name, wording.summary, ...wording.benefits].join(' / '),
      ]);
    }
    for (const membership of MEMBERSHIPS) {
      texts.push([`seed products.ts MEMBERSHIPS ${membership.slug}`, membership.description]);
    }
    expect(texts.length).toBeGreaterThan(20);
    expect(problemsIn(texts)).toEqual([]);
  });
});

/** A US order as the orders API gives it, with each way of paying and the venue's own names. */
function usOrder(venue: VenueSettings, method: OrderView['delivery']['method']): OrderView {
  const catalogue = usCatalogue.find((candidate) => candidate.bundle.settings.slug === venue.slug)!;
  const { plan } = catalogue.plans[0]!;
  const show = catalogue.shows[0]!.file;
  const [extra] = catalogue.settings.products;
  const seat = plan.kind === 'reserved' ? plan.sections[0]! : undefined;
  const area = plan.kind === 'reserved' ? undefined : plan.areas[0]!;
  return {
    id: '6F1C2B4A-1111-4222-8333-944455556666',
    number: 'SD-7K3QF9XM',
    status: 'confirmed',
    customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    show: {
      title: show.title,
      venueName: venue.name,
      venueSlug: venue.slug,
      performanceId: 'A1B2C3D4-0000-4000-8000-000000000001',
      startsAt: '2026-08-01T23:30:00.000Z',
      timezone: venue.timezone,
    },
    delivery: {
      method,
      address:
        method === 'post'
          ? {
              line1: '311 W 44th St',
              line2: 'Apt 4B',
              city: 'New York',
              state: 'NY',
              postcode: '10036',
              country: 'US',
            }
          : null,
    },
    tickets: [1, 2].map((number) => ({
      id: `B0000000-0000-4000-8000-00000000000${number}`,
      kind: seat ? ('seat' as const) : ('admission' as const),
      section: seat?.name ?? null,
      row: seat ? 'F' : null,
      number: seat ? number : null,
      area: area?.name ?? null,
      priceOptionName: show.prices[0]!.name ?? null,
      code: null,
    })),
    extras: extra
      ? [
          {
            upsellId: 'C0000000-0000-4000-8000-000000000001',
            kind: extra.kind,
            name: extra.name,
            priceZone: extra.priceZone ?? null,
            unitPrice: extra.amount,
            quantity: 2,
            lineTotal: extra.amount * 2,
          },
        ]
      : [],
    ticketProtection: true,
    transactionFee: 350,
    charges: { tickets: 17_500, ticketProtection: 800, delivery: 0, transactionFeeWaiver: null },
    total: 18_650 + (extra ? extra.amount * 2 : 0),
    currency: 'USD',
    paidWith: [
      { method: 'gift_voucher', amount: 2000, brand: null, last4: '4321' },
      { method: 'gift_card', amount: 1000, brand: null, last4: '8765' },
      { method: 'apple_pay', amount: 15_650, brand: 'visa', last4: '1111' },
    ],
    confirmedAt: '2026-07-01T10:00:00.000Z',
    accessKey: null,
  };
}

/** Every email the shop sends a buyer at `venue`, each named. */
function emailsAt(venue: VenueSettings): [string, RenderedEmail][] {
  const url = 'https://shop.example/link?key=abc';
  const firstName = 'Grace';
  const orders = (['eTicket', 'boxOffice', 'post', 'theatreCourse'] as const)
    .filter((method) => venue.deliveryMethods.includes(method))
    .map((method): [string, RenderedEmail] => [
      `order confirmation (${method})`,
      renderOrderConfirmation(usOrder(venue, method), { orderUrl: url, venue }),
    ]);
  const card: [string, RenderedEmail] = [
    'order confirmation (one card)',
    renderOrderConfirmation(
      {
        ...usOrder(venue, 'eTicket'),
        paidWith: [{ method: 'card', amount: 18_650, brand: 'amex', last4: '0005' }],
      },
      { orderUrl: url, venue },
    ),
  ];
  const wording = VENUE_WORDING.find((candidate) => candidate.venueSlug === venue.slug);
  return [
    ...orders,
    card,
    [
      'activation after an order',
      renderAccountActivation({
        venue,
        firstName,
        email: 'grace@example.com',
        orderNumber: 'SD-7K3QF9XM',
        activationUrl: url,
        hours: 48,
      }),
    ],
    [
      'activation after signing up',
      renderAccountActivation({
        venue,
        firstName,
        email: 'grace@example.com',
        activationUrl: url,
        hours: 48,
      }),
    ],
    ['password reset', renderPasswordReset({ venue, firstName, resetUrl: url, minutes: 30 })],
    ...(['signUp', 'emailChange'] as const).map((reason): [string, RenderedEmail] => [
      `account exists (${reason})`,
      renderAccountExists({ venue, firstName, reason, signInUrl: url, resetUrl: url }),
    ]),
    [
      'email change',
      renderEmailChange({
        venue,
        firstName,
        newEmail: 'grace@example.org',
        confirmUrl: url,
        hours: 24,
      }),
    ],
    [
      'email change notice',
      renderEmailChangeNotice({ venue, firstName, newEmail: 'grace@example.org', resetUrl: url }),
    ],
    ...(['atg-plus', 'access'] as const).map((scheme): [string, RenderedEmail] => [
      `membership confirmation (${scheme})`,
      renderMembershipConfirmation({
        venue,
        firstName,
        schemeName: scheme === 'access' && wording ? wording.name : 'ATG+',
        benefits:
          scheme === 'access' && wording ? wording.benefits : SCHEME_OFFERS[scheme].benefits,
        membership: {
          scheme,
          status: 'cancelled',
          benefitsActive: true,
          waivesTransactionFee: true,
          number: 'ATG-2026 0042',
          startedOn: '2026-11-26',
          renewsOn: null,
          endsOn: '2027-11-26',
          autoRenew: false,
        },
        amount: 5900,
      }),
    ]),
  ];
}

describe("a US buyer's emails have no British spelling or term", () => {
  it.each(usVenues.map((venue) => [venue.slug, venue]))('at %s', (_slug, venue) => {
    const emails = emailsAt(venue);
    expect(emails.length).toBeGreaterThan(8);
    const texts = emails.flatMap(([name, email]): [string, string][] => [
      [`${venue.slug} ${name}: subject`, email.subject],
      [`${venue.slug} ${name}: HTML part`, readable(email.html)],
      [`${venue.slug} ${name}: text part`, email.text],
    ]);
    expect(problemsIn(texts)).toEqual([]);
  });
});

describe("the sandbox bank's and PayPal's pages for a dollar payment", () => {
  const base = 'https://shop.example/api/us-east/payment';
  const pages: [string, string][] = [
    ['device data', deviceDataPage(base, 'ref-1')],
    [
      '3-D Secure challenge',
      challengePage(base, {
        ref: 'ref-1',
        amount: 4550,
        currency: 'USD',
        brand: 'amex',
        last4: '0005',
      }),
    ],
    ['PayPal approval', approvalPage(base, { ref: 'ref-1', amount: 4550, currency: 'USD' })],
    ['missing step', missingPage(base)],
    ['bad request', badRequestPage(base)],
  ];

  it('have no British spelling or term', () => {
    expect(problemsIn(pages.map(([name, html]) => [name, readable(html)]))).toEqual([]);
  });

  it("name the card as an American bank does, in the page's language", () => {
    const challenge = pages[1]![1];
    expect(challenge).toContain('<html lang="en-US">');
    expect(readable(challenge)).toContain('American Express ending in 0005');
  });
});
