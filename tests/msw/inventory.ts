import { HttpResponse } from 'msw';
import { http } from './contract';
import type {
  HeldSeat,
  Hold,
  HoldErrorBody,
  HoldResponse,
  SeatStatus,
  SeatingPlan,
} from '@contract/api/holds';
import type { ApiErrorBody } from '@contract/api/common';
import {
  putBasketBodySchema,
  type Basket,
  type BasketPerformance,
  type BasketResponse,
  type TicketLine,
  type TicketProtectionLine,
  type UpsellOffer,
} from '@contract/api/basket';
import type { DeliveryMethod } from '@contract/api/checkout';
import { TICKET_PROTECTION } from '@contract/api/products';
import type { Session } from '@contract/api/session';
import { GUEST_IDLE_MINUTES } from '@contract/api/constants';
import { GLASS_ORCHARD_LUMEN_FIRST } from './fixtures';
import { apiError } from './handlers';

/**
 * A small booking inventory for component tests: one theatre plan (two sections), one
 * general-admission plan, seat status and holds kept in memory per test. It follows the
 * contract (types) and the server's rules that the SPA depends on: all-or-nothing holds, 409
 * naming the taken seats, the seat limit, extensions, CSRF and idempotency headers required.
 */

export const THEATRE_PLAN_ID = '0B1C2D3E-4F50-4617-8A9B-0C1D2E3F4A5B';
export const GA_PLAN_ID = '1C2D3E4F-5061-4728-9BAC-1D2E3F4A5B6C';
export const GA_PERFORMANCE = '2D3E4F50-6172-4839-ACBD-2E3F4A5B6C7D';
export const CSRF = 'test-csrf-token';

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
/** Seat ids that read as their place: section 1 or 2, row index, seat number. */
export const seatId = (section: number, row: number, seat: number) =>
  `5EA70000-0000-4000-8000-${hex(section, 4)}${hex(row, 4)}${hex(seat, 4)}`;

const ROWS = ['A', 'B', 'C'];
const SEATS_PER_ROW = 8;

function theatrePlan(): SeatingPlan {
  const seats: SeatingPlan['seats'] = {
    id: [],
    section: [],
    row: [],
    number: [],
    x: [],
    y: [],
    band: [],
    flags: [],
  };
  [0, 1].forEach((section) =>
    ROWS.slice(0, section === 0 ? 3 : 2).forEach((row, r) => {
      for (let n = 1; n <= SEATS_PER_ROW; n += 1) {
        seats.id.push(seatId(section + 1, r, n));
        seats.section.push(section);
        seats.row.push(row);
        seats.number.push(n);
        seats.x.push(n * 30);
        seats.y.push(section * 200 + r * 30);
        seats.band.push(section === 0 ? (r === 2 && n === 8 ? 2 : 0) : 1);
        // Stalls A1 is a wheelchair space, C8 has a restricted view, Dress Circle B1 is amex.
        seats.flags.push(
          section === 0 && r === 0 && n === 1
            ? 2
            : section === 0 && r === 2 && n === 8
              ? 1
              : section === 1 && r === 1 && n === 1
                ? 16
                : 0,
        );
      }
    }),
  );
  return {
    id: THEATRE_PLAN_ID,
    seating: 'reserved',
    sections: [
      { code: 'STALLS', name: 'Stalls', level: 'Stalls' },
      { code: 'DRESS', name: 'Dress Circle', level: 'Dress Circle' },
    ],
    bands: [
      { code: 'A', name: 'Band A' },
      { code: 'B', name: 'Band B' },
      { code: 'R', name: 'Restricted view' },
    ],
    seats,
    areas: [],
  };
}

function gaPlan(): SeatingPlan {
  return {
    id: GA_PLAN_ID,
    seating: 'general-admission',
    sections: [],
    bands: [],
    seats: { id: [], section: [], row: [], number: [], x: [], y: [], band: [], flags: [] },
    areas: [
      { code: 'FLOOR', name: 'Standing floor' },
      { code: 'BALCONY', name: 'Balcony' },
    ],
  };
}

const PRICES: Record<string, number> = { A: 6500, B: 4500, R: 3000 };

export const PROGRAMME_ID = '0FFE0000-0000-4000-8000-000000000001';
export const DRINKS_ID = '0FFE0000-0000-4000-8000-000000000002';
export const BISTRO_STALLS_ID = '0FFE0000-0000-4000-8000-000000000003';

export const UPSELL_OFFERS: UpsellOffer[] = [
  {
    id: PROGRAMME_ID,
    kind: 'programme',
    name: 'Souvenir programme',
    description: 'Cast biographies, rehearsal photographs and essays.',
    priceZone: null,
    unitPrice: 600,
  },
  {
    id: DRINKS_ID,
    kind: 'drink',
    name: 'Interval drinks for two',
    description: 'Two glasses of house wine or soft drinks, ready at the bar.',
    priceZone: null,
    unitPrice: 1700,
  },
  {
    id: BISTRO_STALLS_ID,
    kind: 'bistro',
    name: 'Two-course bistro dinner',
    description: 'Pre-show dinner served in the bistro nearest your seats.',
    priceZone: 'stalls',
    unitPrice: 3900,
  },
];

interface BasketInventory {
  /** What every hold is offered; empty means the Extras step is skipped. */
  upsells: UpsellOffer[];
  /** Ticket protection fee per ticket; null when the product is not offered. */
  protectionFee: number | null;
  transactionFee: number;
  /** The scheme whose member is buying (signed in): the transaction fee is waived for them. */
  feeWaivedFor: 'atg-plus' | 'access' | null;
  /** Added to every ticket's price: the box office moving a price while the buyer books. */
  priceRise: number;
  choices: Map<string, { upsells: Map<string, number>; protection: boolean | null }>;
  /** Delivery method saved on the details step, by hold id (the details fake writes it). */
  delivery: Map<string, DeliveryMethod>;
  /** Every PUT that reached the server, with its key, replays included. */
  puts: { holdId: string; key: string; body: unknown }[];
  answers: Map<string, BasketResponse>;
}

function freshBasket(): BasketInventory {
  return {
    upsells: UPSELL_OFFERS,
    protectionFee: 250,
    transactionFee: 0,
    feeWaivedFor: null,
    priceRise: 0,
    choices: new Map(),
    delivery: new Map(),
    puts: [],
    answers: new Map(),
  };
}

/** The performances the fake sells: The Glass Orchard at the Lumen, Neon Lowlands' standing floor. */
const PERFORMANCES: Record<string, Omit<BasketPerformance, 'id'>> = {
  [GLASS_ORCHARD_LUMEN_FIRST]: {
    title: 'The Glass Orchard',
    venueName: 'The Lumen Theatre',
    startsAt: '2026-03-13T19:30:00.000Z',
    timezone: 'Europe/London',
  },
  [GA_PERFORMANCE]: {
    title: 'Neon Lowlands',
    venueName: 'Motor City Music Hall',
    startsAt: '2026-03-13T19:30:00.000Z',
    timezone: 'America/Detroit',
  },
};

interface InventoryState {
  taken: Set<string>;
  remaining: Record<string, number>;
  holds: Map<string, Hold>;
  limit: number;
  performanceNotice: string | null;
  /** Idempotency keys seen, with the answer given, so a retried request is answered once. */
  answers: Map<string, HoldResponse>;
  holdCalls: number;
  basket: BasketInventory;
  /** What the session service says a guest holding seats may stay idle (GUEST_IDLE_SECONDS). */
  guestIdleSeconds: number;
}

export const inventory: InventoryState = freshInventory();

function freshInventory(): InventoryState {
  return {
    taken: new Set([seatId(1, 1, 4), seatId(1, 1, 5)]),
    remaining: { FLOOR: 3, BALCONY: 0 },
    holds: new Map(),
    limit: 4,
    performanceNotice: null,
    answers: new Map(),
    holdCalls: 0,
    basket: freshBasket(),
    guestIdleSeconds: GUEST_IDLE_MINUTES * 60,
  };
}

/** Call from beforeEach: every test starts from the same house. */
export function resetInventory(changes: Partial<InventoryState> = {}): void {
  Object.assign(inventory, freshInventory(), changes);
}

const plan = theatrePlan();

function heldSeat(id: string): HeldSeat {
  const i = plan.seats.id.indexOf(id);
  const band = plan.bands[plan.seats.band[i]!]!.code;
  return {
    id,
    section: plan.sections[plan.seats.section[i]!]!.code,
    row: plan.seats.row[i]!,
    number: plan.seats.number[i]!,
    priceBand: band,
    price: { amount: PRICES[band]!, currency: 'GBP' },
  };
}

function mine(): Set<string> {
  return new Set([...inventory.holds.values()].flatMap((hold) => hold.seats.map((s) => s.id)));
}

export function theatreStatus(): SeatStatus {
  const held = mine();
  return {
    performanceId: GLASS_ORCHARD_LUMEN_FIRST,
    planId: THEATRE_PLAN_ID,
    startsAt: '2026-03-13T19:30:00.000Z',
    seating: 'reserved',
    currency: 'GBP',
    seatSelectionLimit: inventory.limit,
    status: plan.seats.id
      .map((id) => (held.has(id) ? '1' : inventory.taken.has(id) ? '2' : '0'))
      .join(''),
    prices: Object.entries(PRICES).map(([band, price]) => ({ band, price })),
    // The Lumen shows face values (shouldShowFaceValue), so the double sends them as the API does.
    priceOptions: Object.entries(PRICES).map(([band, price]) => ({
      code: `FULL-${band}`,
      name: 'Full Price',
      band,
      area: null,
      price,
      faceValue: price - bookingFeeOf(price),
    })),
    areas: [],
    offers: [
      {
        type: 'package',
        name: 'Dinner and show',
        description: 'A two-course pre-theatre dinner in the bistro with a Band A ticket.',
        extraAmount: 3500,
      },
      {
        type: 'amex',
        name: 'American Express seats',
        description: 'Prime Dress Circle seats held for customers paying with American Express.',
        extraAmount: null,
      },
    ],
    presale: null,
    performanceNotice: inventory.performanceNotice,
    admissionSectionMessage: null,
  };
}

function gaStatus(): SeatStatus {
  return {
    performanceId: GA_PERFORMANCE,
    planId: GA_PLAN_ID,
    startsAt: '2026-03-13T19:30:00.000Z',
    seating: 'general-admission',
    currency: 'USD',
    seatSelectionLimit: inventory.limit,
    status: '',
    prices: [],
    // The standard price has no name of its own, as the booking API sends it: the shop shows it
    // as the venue's "Full Price".
    priceOptions: [
      { code: 'FLOOR-FULL', name: null, band: null, area: 'FLOOR', price: 3500, faceValue: null },
      {
        code: 'FLOOR-CONC',
        name: 'Concession',
        band: null,
        area: 'FLOOR',
        price: 2500,
        faceValue: null,
      },
      { code: 'BALC-FULL', name: null, band: null, area: 'BALCONY', price: 4000, faceValue: null },
    ],
    areas: Object.entries(inventory.remaining).map(([code, remaining]) => ({ code, remaining })),
    offers: [],
    presale: null,
    performanceNotice: null,
    admissionSectionMessage: 'The standing floor opens at 19:00; the balcony is seated.',
  };
}

const newHoldId = () => `40AD0000-0000-4000-8000-${hex(inventory.holds.size + 1, 12)}`;

function writeAllowed(request: Request): Response | null {
  if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
  if ((request.headers.get('idempotency-key') ?? '').length < 8)
    return apiError(400, 'validation_failed');
  return null;
}

function makeHold(performanceId: string, seats: HeldSeat[], admissions: Hold['admissions']) {
  const hold: Hold = {
    id: newHoldId(),
    performanceId,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    extensionsLeft: 10,
    seats,
    admissions,
  };
  inventory.holds.set(hold.id, hold);
  return hold;
}

export const inventoryHandlers = [
  http.post('/services/session/sessions', () =>
    HttpResponse.json<Session>({
      csrfToken: CSRF,
      expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
      guestIdleSeconds: inventory.guestIdleSeconds,
    }),
  ),
  http.get('/api/:region/plans/:planId', ({ params }) =>
    params.planId === THEATRE_PLAN_ID
      ? HttpResponse.json(plan)
      : params.planId === GA_PLAN_ID
        ? HttpResponse.json(gaPlan())
        : apiError(404, 'not_found'),
  ),
  http.get('/api/:region/performances/:performanceId/seats', ({ params }) =>
    params.performanceId === GLASS_ORCHARD_LUMEN_FIRST
      ? HttpResponse.json(theatreStatus())
      : params.performanceId === GA_PERFORMANCE
        ? HttpResponse.json(gaStatus())
        : apiError(404, 'not_found'),
  ),
  http.post('/api/:region/holds', async ({ request }) => {
    const refused = writeAllowed(request);
    if (refused) return refused;
    const key = request.headers.get('idempotency-key')!;
    const replay = inventory.answers.get(key);
    if (replay) return HttpResponse.json(replay, { status: 201 });
    inventory.holdCalls += 1;
    const body = (await request.json()) as {
      performanceId: string;
      seats?: string[];
      admissions?: { area: string; priceOption?: string; quantity: number }[];
    };
    if (body.seats) {
      const taken = body.seats.filter((id) => inventory.taken.has(id) || mine().has(id));
      if (taken.length > 0)
        return HttpResponse.json<HoldErrorBody>(
          { code: 'seats_unavailable', message: 'seats unavailable', seatIds: taken },
          { status: 409 },
        );
      if (body.seats.length > inventory.limit) return apiError(422, 'seat_limit_exceeded');
      const hold = makeHold(body.performanceId, body.seats.map(heldSeat), []);
      inventory.answers.set(key, { hold });
      return HttpResponse.json<HoldResponse>({ hold }, { status: 201 });
    }
    const admissions = body.admissions ?? [];
    if (admissions.some((a) => (inventory.remaining[a.area] ?? 0) < a.quantity))
      return apiError(409, 'admissions_unavailable');
    const options = gaStatus().priceOptions;
    for (const a of admissions) inventory.remaining[a.area]! -= a.quantity;
    const hold = makeHold(
      body.performanceId,
      [],
      admissions.map((a) => {
        const option = options.find((o) => o.code === a.priceOption && o.area === a.area)!;
        return {
          area: a.area,
          priceOption: option.code,
          quantity: a.quantity,
          price: { amount: option.price, currency: 'USD' as const },
        };
      }),
    );
    inventory.answers.set(key, { hold });
    return HttpResponse.json<HoldResponse>({ hold }, { status: 201 });
  }),
  http.post('/api/:region/holds/best-available', async ({ request }) => {
    const refused = writeAllowed(request);
    if (refused) return refused;
    const body = (await request.json()) as { performanceId: string; quantity: number };
    const free = plan.seats.id.filter((id) => !inventory.taken.has(id) && !mine().has(id));
    const seats = free.slice(1, 1 + body.quantity);
    const hold = makeHold(body.performanceId, seats.map(heldSeat), []);
    return HttpResponse.json<HoldResponse>({ hold }, { status: 201 });
  }),
  http.get<{ holdId: string }, never, HoldResponse | ApiErrorBody>(
    '/api/:region/holds/:holdId',
    ({ params }) => {
      const hold = inventory.holds.get(String(params.holdId));
      if (!hold) return apiError(404, 'not_found');
      return HttpResponse.json<HoldResponse>({ hold });
    },
  ),
  http.post('/api/:region/holds/:holdId/extend', ({ params, request }) => {
    const refused = writeAllowed(request);
    if (refused) return refused;
    const hold = inventory.holds.get(String(params.holdId));
    if (!hold) return apiError(404, 'not_found');
    if (hold.extensionsLeft === 0) return apiError(422, 'hold_extension_limit');
    const extended: Hold = {
      ...hold,
      extensionsLeft: hold.extensionsLeft - 1,
      expiresAt: new Date(Date.parse(hold.expiresAt) + 5 * 60_000).toISOString(),
    };
    inventory.holds.set(hold.id, extended);
    return HttpResponse.json<HoldResponse>({ hold: extended });
  }),
  http.delete('/api/:region/holds/:holdId', ({ params, request }) => {
    if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
    const hold = inventory.holds.get(String(params.holdId));
    if (hold)
      for (const a of hold.admissions)
        inventory.remaining[a.area] = (inventory.remaining[a.area] ?? 0) + a.quantity;
    inventory.holds.delete(String(params.holdId));
    return new HttpResponse(null, { status: 204 });
  }),
];

/* ------------------------------------------------------------------------------------------ */
/* Baskets (issue 5): GET/PUT /holds/:holdId/basket, as contract/api/basket.ts describes them  */
/* ------------------------------------------------------------------------------------------ */

/** The booking fee inside an all-in price: a tenth, as a round number of minor units. */
const bookingFeeOf = (unitPrice: number) => Math.round(unitPrice / 10);

function ticketLines(hold: Hold): TicketLine[] {
  const rise = inventory.basket.priceRise;
  const options = gaStatus().priceOptions;
  const priced = (unitPrice: number) => ({
    unitPrice,
    faceValue: unitPrice - bookingFeeOf(unitPrice),
    bookingFee: bookingFeeOf(unitPrice),
  });
  return [
    ...hold.seats.map((seat) => ({
      kind: 'seat' as const,
      seatId: seat.id,
      section: seat.section,
      row: seat.row,
      number: seat.number,
      priceBand: seat.priceBand,
      area: null,
      priceOption: `FULL-${seat.priceBand}`,
      priceOptionName: 'Full Price',
      quantity: 1,
      ...priced(seat.price.amount + rise),
      lineTotal: seat.price.amount + rise,
    })),
    ...hold.admissions.map((a) => ({
      kind: 'admission' as const,
      seatId: null,
      section: null,
      row: null,
      number: null,
      priceBand: null,
      area: a.area,
      priceOption: a.priceOption,
      priceOptionName: options.find((o) => o.code === a.priceOption)?.name ?? null,
      quantity: a.quantity,
      ...priced(a.price.amount + rise),
      lineTotal: (a.price.amount + rise) * a.quantity,
    })),
  ];
}

/** A stable digest of what the buyer pays for, like the server's (not cryptographic here). */
function versionOf(value: unknown): string {
  const text = JSON.stringify(value);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x811c9dc5) >>> 0;
  }
  return `v-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/** The basket of a hold, priced from the inventory's current prices and the buyer's choices. */
export function basketOf(hold: Hold): Basket {
  const { basket } = inventory;
  const choices = basket.choices.get(hold.id) ?? {
    upsells: new Map<string, number>(),
    protection: null,
  };
  const currency = hold.seats[0]?.price.currency ?? hold.admissions[0]?.price.currency ?? 'GBP';
  const tickets = ticketLines(hold);
  const ticketCount = tickets.reduce((sum, line) => sum + line.quantity, 0);
  const extras = basket.upsells.flatMap((offer) => {
    const quantity = choices.upsells.get(offer.id) ?? 0;
    if (quantity === 0) return [];
    return [
      {
        upsellId: offer.id,
        kind: offer.kind,
        name: offer.name,
        priceZone: offer.priceZone,
        unitPrice: offer.unitPrice,
        quantity,
        lineTotal: offer.unitPrice * quantity,
      },
    ];
  });
  const choice: TicketProtectionLine['choice'] =
    choices.protection === null ? 'undecided' : choices.protection ? 'yes' : 'no';
  const ticketProtection =
    basket.protectionFee === null
      ? null
      : {
          productId: TICKET_PROTECTION.id,
          label: TICKET_PROTECTION.label,
          choice,
          feePerTicket: basket.protectionFee,
          tickets: ticketCount,
          amount: choice === 'yes' ? basket.protectionFee * ticketCount : 0,
        };
  const total =
    tickets.reduce((sum, line) => sum + line.lineTotal, 0) +
    extras.reduce((sum, line) => sum + line.lineTotal, 0) +
    (ticketProtection?.amount ?? 0);
  // As the booking API prices it: a member whose scheme waives the fee pays none, and the
  // basket names what was waived.
  const waived = basket.feeWaivedFor !== null && basket.transactionFee > 0;
  const transactionFee = waived ? 0 : basket.transactionFee;
  const priced = {
    holdId: hold.id,
    currency,
    tickets,
    extras,
    ticketProtection,
    transactionFee,
    transactionFeeWaiver:
      waived && basket.feeWaivedFor !== null
        ? { amount: basket.transactionFee, scheme: basket.feeWaivedFor }
        : null,
    total: total + transactionFee,
  };
  const method = basket.delivery.get(hold.id);
  const performance = PERFORMANCES[hold.performanceId];
  if (performance === undefined) throw new Error(`no performance ${hold.performanceId}`);
  return {
    ...priced,
    performance: { id: hold.performanceId, ...performance },
    // Every method is free, as at the real booking API.
    delivery: method === undefined ? null : { method, amount: 0 },
    version: versionOf(priced),
    acceptedCardBrands: ['visa', 'visa-debit', 'mastercard', 'amex'],
    upsellsOffered: basket.upsells,
  };
}

export function liveHoldOf(holdId: string): Hold | Response {
  const hold = inventory.holds.get(holdId.toUpperCase());
  if (!hold) return apiError(404, 'not_found');
  if (Date.parse(hold.expiresAt) <= Date.now()) return apiError(410, 'hold_expired');
  return hold;
}

export const basketHandlers = [
  http.get<{ holdId: string }>('/api/:region/holds/:holdId/basket', ({ params }) => {
    const hold = liveHoldOf(params.holdId);
    if (hold instanceof Response) return hold;
    return HttpResponse.json<BasketResponse>({ basket: basketOf(hold) });
  }),
  http.put<{ holdId: string }>('/api/:region/holds/:holdId/basket', async ({ params, request }) => {
    const refused = writeAllowed(request);
    if (refused) return refused;
    const key = request.headers.get('idempotency-key')!;
    const raw: unknown = await request.json();
    inventory.basket.puts.push({ holdId: params.holdId.toUpperCase(), key, body: raw });
    const replay = inventory.basket.answers.get(key);
    if (replay) return HttpResponse.json(replay);
    const hold = liveHoldOf(params.holdId);
    if (hold instanceof Response) return hold;
    const parsed = putBasketBodySchema.safeParse(raw);
    if (!parsed.success) return apiError(400, 'validation_failed');
    const offered = new Set(inventory.basket.upsells.map((offer) => offer.id));
    if (parsed.data.upsells?.some((u) => !offered.has(u.id.toUpperCase())))
      return apiError(400, 'validation_failed');
    const choices = inventory.basket.choices.get(hold.id) ?? {
      upsells: new Map<string, number>(),
      protection: null,
    };
    if (parsed.data.upsells)
      choices.upsells = new Map(
        parsed.data.upsells
          .filter((u) => u.quantity > 0)
          .map((u) => [u.id.toUpperCase(), u.quantity]),
      );
    if (parsed.data.ticketProtection) choices.protection = parsed.data.ticketProtection === 'yes';
    inventory.basket.choices.set(hold.id, choices);
    const answer = { basket: basketOf(hold) };
    inventory.basket.answers.set(key, answer);
    return HttpResponse.json<BasketResponse>(answer);
  }),
];

/** The basket PUTs for one hold (a late request of the test before is another hold's). */
export function basketPutsFor(holdId: string) {
  return inventory.basket.puts.filter((put) => put.holdId === holdId);
}
