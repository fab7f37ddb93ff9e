import { SEAT_FLAGS, SEAT_STATUS } from '@contract/api/constants';
import {
  drawRowLabels,
  drawSectionNames,
  drawSectionOverview,
  drawStage,
  LabelPlacer,
  type PlanDecor,
} from './drawPlan';
import { isSelectable, type SeatMapModel } from './model';
import type { SeatColours } from './seatColours';
import { forEachSeatInRect, type LazySpatialIndex } from './spatialIndex';
import { toPlan, type View } from './viewTransform';

/**
 * Canvas drawing of the seat map, in two parts:
 * - the seat layer (every seat in its band, unavailable or dimmed colour, with the stage and the
 *   names of sections and rows; on the whole-house view of a plan too big to aim at, the
 *   sections as shapes instead of seats), drawn once per zoom level, data change or pan past its
 *   margin into an offscreen canvas; panning only copies it;
 * - the overlay (selected seats and the hovered one), drawn on top every frame, so a click costs
 *   a copy and a few circles however many seats the plan has.
 * Seats of one colour share one path (one fill per colour, not one per seat).
 */

/**
 * Level of detail by how many CSS pixels a seat spans: far out seats are too small to aim at and
 * the plan shows its sections instead (as seats.io and Ticketmaster do), closer a seat is a
 * circle, close enough for marks to read, with its flags marked.
 */
export type Detail = 'far' | 'mid' | 'near';

export function detailFor(seatPixels: number): Detail {
  if (seatPixels < 6) return 'far';
  if (seatPixels < 14) return 'mid';
  return 'near';
}

export interface Scene {
  model: SeatMapModel;
  /** The hit-test grid, built on first need (a layer of the whole plan does without it). */
  index: LazySpatialIndex;
  colours: SeatColours;
  /** 1 = matches the filters; null = no filter. */
  mask: Uint8Array | null;
  /** Stage, section shapes and names, row letters. */
  decor: PlanDecor;
}

/**
 * Where a layer was drawn: the view at the time and the rectangle it covers, in CSS pixels of
 * that view's screen (it may reach past the canvas on every side).
 */
export interface LayerPlacement {
  view: View;
  dpr: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The layer holds the whole plan, so any pan at this zoom is served by copying it. */
  whole: boolean;
}

interface Geometry {
  scale: number;
  ox: number;
  oy: number;
  dpr: number;
  /** Seat radius (half the square side) in device pixels. */
  radius: number;
  detail: Detail;
}

function geometry(
  model: SeatMapModel,
  view: View,
  dpr: number,
  left: number,
  top: number,
): Geometry {
  const seatPixels = model.pitch * view.scale;
  const detail = detailFor(seatPixels);
  const scale = view.scale * dpr;
  return {
    scale,
    ox: (view.x - left) * dpr,
    oy: (view.y - top) * dpr,
    dpr,
    radius: Math.max(0.5 * dpr, model.pitch * scale * (detail === 'far' ? 0.4 : 0.42)),
    detail,
  };
}

const TAU = Math.PI * 2;

function addSeatShape(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  cx: number,
  cy: number,
  radius: number,
  square: boolean,
): void {
  if (square) {
    ctx.rect(cx - radius, cy - radius, radius * 2, radius * 2);
  } else {
    ctx.moveTo(cx + radius, cy);
    ctx.arc(cx, cy, radius, 0, TAU);
  }
}

// Scratch buffers reused between frames: 100,000 seats would otherwise allocate every redraw.
let scratchVisible = new Int32Array(0);
let scratchOrder = new Int32Array(0);
let scratchClass = new Uint8Array(0);

function ensureScratch(count: number): void {
  if (scratchVisible.length >= count) return;
  scratchVisible = new Int32Array(count);
  scratchOrder = new Int32Array(count);
  scratchClass = new Uint8Array(count);
}

/**
 * Draws the plan at a placement, into the offscreen layer or straight onto the map's canvas:
 * the stage, and every seat in the placement's reach with the section and row names, or on the
 * whole-house view the sections as shapes. Returns how many seats were drawn (0 on the
 * overview). The context's canvas must be the placement's size × dpr.
 */
export function drawScene(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  placement: LayerPlacement,
): number {
  const { model, decor, colours } = scene;
  const { view, dpr, left, top } = placement;
  const g = geometry(model, view, dpr, left, top);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colours.background;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const placer = new LabelPlacer();
  if (model.stage !== null) placer.claim(drawStage(ctx, model.stage, decor, g));
  if (g.detail === 'far') {
    drawSectionOverview(ctx, model, decor, colours, placer, g);
    return 0;
  }
  const drawn = drawSeats(ctx, scene, placement, g);
  const area = { x0: 0, y0: 0, x1: ctx.canvas.width, y1: ctx.canvas.height };
  drawSectionNames(ctx, model, decor, placer, g, area);
  drawRowLabels(ctx, model, decor, placer, g, area);
  return drawn;
}

function drawSeats(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  placement: LayerPlacement,
  g: Geometry,
): number {
  const { model, index, colours, mask } = scene;
  const { view, dpr, left, top } = placement;
  ensureScratch(model.count);
  let visibleCount = 0;
  const seatMargin = model.pitch;
  const topLeft = toPlan(view, left, top);
  const bottomRight = toPlan(view, left + placement.width, top + placement.height);
  const reach = {
    minX: topLeft.x - seatMargin,
    minY: topLeft.y - seatMargin,
    maxX: bottomRight.x + seatMargin,
    maxY: bottomRight.y + seatMargin,
  };
  const { bounds } = model;
  if (
    reach.minX <= bounds.minX &&
    reach.minY <= bounds.minY &&
    reach.maxX >= bounds.maxX &&
    reach.maxY >= bounds.maxY
  ) {
    for (let i = 0; i < model.count; i += 1) scratchVisible[visibleCount++] = i;
  } else {
    forEachSeatInRect(index(), reach, (seat) => {
      scratchVisible[visibleCount++] = seat;
    });
  }

  // Class 0 = unavailable; 1 + b = band b; 1 + bands + b = band b filtered out.
  const bandCount = model.bands.length;
  const classes = 1 + bandCount * 2;
  const onSale = Uint8Array.from(model.bands, (band) => (band.price === null ? 0 : 1));
  const counts = new Int32Array(classes + 1);
  const unavailableCode = SEAT_STATUS.unavailable;
  for (let k = 0; k < visibleCount; k += 1) {
    const seat = scratchVisible[k]!;
    const b = model.band[seat]!;
    let c = 0;
    if (model.status[seat] !== unavailableCode && onSale[b] === 1) {
      c = mask === null || mask[seat] === 1 ? 1 + b : 1 + bandCount + b;
    }
    scratchClass[k] = c;
    counts[c + 1]! += 1;
  }

  for (let c = 0; c < classes; c += 1) counts[c + 1]! += counts[c]!;
  const starts = counts.slice(0, classes);
  for (let k = 0; k < visibleCount; k += 1) {
    scratchOrder[starts[scratchClass[k]!]!++] = scratchVisible[k]!;
  }

  const wheelchair = SEAT_FLAGS.wheelchair;
  for (let c = 0; c < classes; c += 1) {
    const from = counts[c]!;
    const to = counts[c + 1]!;
    if (from === to) continue;
    const unavailable = c === 0;
    const dimmed = c > bandCount;
    ctx.fillStyle = unavailable ? colours.unavailable : colours.bands[(c - 1) % bandCount]!;
    ctx.globalAlpha = dimmed ? colours.dimmedAlpha : 1;
    const radius = unavailable ? Math.max(0.5 * dpr, g.radius * 0.6) : g.radius;
    ctx.beginPath();
    for (let k = from; k < to; k += 1) {
      const seat = scratchOrder[k]!;
      addSeatShape(
        ctx,
        g,
        model.x[seat]! * g.scale + g.ox,
        model.y[seat]! * g.scale + g.oy,
        radius,
        (model.flags[seat]! & wheelchair) !== 0,
      );
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  if (g.detail === 'near') drawMarks(ctx, scene, g, scratchOrder, counts[classes]!);
  return visibleCount;
}

/**
 * Close in, each seat shows what sets it apart, in the background colour on the seat: a cross
 * for unavailable, a slash for restricted view, a dot for an access-zone seat, a bar for a
 * companion seat, a diamond for an American Express seat (wheelchair spaces are square).
 */
function drawMarks(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  g: Geometry,
  seats: Int32Array,
  count: number,
): void {
  const { model, colours } = scene;
  const r = g.radius;
  ctx.strokeStyle = colours.mark;
  ctx.fillStyle = colours.mark;
  ctx.lineWidth = Math.max(1, r * 0.18);
  ctx.lineCap = 'round';
  const strokes = new Path2D();
  const fills = new Path2D();
  for (let k = 0; k < count; k += 1) {
    const seat = seats[k]!;
    const flags = model.flags[seat]!;
    const selectable = isSelectable(model, seat);
    if (flags === 0 && selectable) continue;
    const cx = model.x[seat]! * g.scale + g.ox;
    const cy = model.y[seat]! * g.scale + g.oy;
    if (!selectable) {
      const a = r * 0.6 * 0.55;
      strokes.moveTo(cx - a, cy - a);
      strokes.lineTo(cx + a, cy + a);
      strokes.moveTo(cx + a, cy - a);
      strokes.lineTo(cx - a, cy + a);
      continue;
    }
    if ((flags & SEAT_FLAGS.restrictedView) !== 0) {
      strokes.moveTo(cx - r * 0.6, cy + r * 0.6);
      strokes.lineTo(cx + r * 0.6, cy - r * 0.6);
    }
    if ((flags & SEAT_FLAGS.accessZone) !== 0) {
      fills.moveTo(cx + r * 0.25, cy);
      fills.arc(cx, cy, r * 0.25, 0, TAU);
    }
    if ((flags & SEAT_FLAGS.companion) !== 0) {
      fills.rect(cx - r * 0.55, cy - r * 0.12, r * 1.1, r * 0.24);
    }
    if ((flags & SEAT_FLAGS.amex) !== 0) {
      const d = r * 0.4;
      fills.moveTo(cx, cy - d);
      fills.lineTo(cx + d, cy);
      fills.lineTo(cx, cy + d);
      fills.lineTo(cx - d, cy);
      fills.closePath();
    }
  }
  ctx.stroke(strokes);
  ctx.fill(fills);
}

/** Copies the layer into the canvas at the view's current pan. */
export function blitLayer(
  ctx: CanvasRenderingContext2D,
  layer: HTMLCanvasElement,
  placement: LayerPlacement,
  view: View,
  background: string,
): void {
  const { dpr } = placement;
  const { width, height } = ctx.canvas;
  const x = Math.round((view.x - placement.view.x + placement.left) * dpr);
  const y = Math.round((view.y - placement.view.y + placement.top) * dpr);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  // The layer is opaque: the canvas needs its background only where the layer does not reach
  // (a whole plan smaller than the screen), not a fill of every pixel under the copy.
  if (x > 0 || y > 0 || x + layer.width < width || y + layer.height < height) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.drawImage(layer, x, y);
}

/**
 * Selected seats filled in the selected colour with a ring around them and, when large enough,
 * a tick; the hovered seat gets a focus ring. Far out the ring keeps a minimum size so a chosen
 * seat stays visible on the whole-house view. Returns how many selected seats were drawn.
 */
export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  view: View,
  dpr: number,
  selected: ReadonlySet<number>,
  hovered: number,
): number {
  const { model, colours } = scene;
  const g = geometry(model, view, dpr, 0, 0);
  const ringRadius = Math.max(g.radius * 1.45, 5 * dpr);
  const ringWidth = Math.max(1.5 * dpr, g.radius * 0.22);
  const fills = new Path2D();
  const rings = new Path2D();
  const ticks = new Path2D();
  let drawn = 0;
  for (const seat of selected) {
    if (seat < 0 || seat >= model.count) continue;
    const cx = model.x[seat]! * g.scale + g.ox;
    const cy = model.y[seat]! * g.scale + g.oy;
    if (cx < -ringRadius || cy < -ringRadius) continue;
    if (cx > ctx.canvas.width + ringRadius || cy > ctx.canvas.height + ringRadius) continue;
    drawn += 1;
    fills.moveTo(cx + g.radius, cy);
    fills.arc(cx, cy, g.radius, 0, TAU);
    rings.moveTo(cx + ringRadius, cy);
    rings.arc(cx, cy, ringRadius, 0, TAU);
    if (g.detail !== 'far') {
      const t = g.radius * 0.55;
      ticks.moveTo(cx - t, cy);
      ticks.lineTo(cx - t * 0.25, cy + t * 0.7);
      ticks.lineTo(cx + t, cy - t * 0.6);
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colours.selected;
  ctx.fill(fills);
  ctx.strokeStyle = colours.selected;
  ctx.lineWidth = ringWidth;
  ctx.stroke(rings);
  ctx.strokeStyle = colours.mark;
  ctx.lineWidth = Math.max(1.5 * dpr, g.radius * 0.25);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke(ticks);

  if (hovered >= 0 && hovered < model.count) {
    const cx = model.x[hovered]! * g.scale + g.ox;
    const cy = model.y[hovered]! * g.scale + g.oy;
    ctx.strokeStyle = colours.focus;
    ctx.lineWidth = Math.max(2 * dpr, g.radius * 0.25);
    ctx.beginPath();
    ctx.arc(cx, cy, ringRadius + ringWidth * 1.5, 0, TAU);
    ctx.stroke();
  }
  return drawn;
}
