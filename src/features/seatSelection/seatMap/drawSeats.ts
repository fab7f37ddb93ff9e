import { SEAT_FLAGS, SEAT_STATUS } from '@contract/api/constants';
import { isSelectable, type SeatMapModel } from './model';
import type { SeatColours } from './seatColours';
import { forEachSeatInRect, type SpatialIndex } from './spatialIndex';
import { toPlan, type View } from './viewTransform';

/**
 * Canvas drawing of the seat map, in two parts:
 * - the seat layer (every seat in its band, unavailable or dimmed colour), drawn once per zoom
 *   level, data change or pan past its margin into an offscreen canvas; panning only copies it;
 * - the overlay (selected seats and the hovered one), drawn on top every frame, so a click costs
 *   a copy and a few circles however many seats the plan has.
 * Seats of one colour share one path (one fill per colour, not one per seat).
 */

/**
 * Level of detail by how many CSS pixels a seat spans: far out a seat is a small square, closer
 * a circle, close enough for marks to read, with its flags marked.
 */
export type Detail = 'far' | 'mid' | 'near';

export function detailFor(seatPixels: number): Detail {
  if (seatPixels < 6) return 'far';
  if (seatPixels < 14) return 'mid';
  return 'near';
}

export interface Scene {
  model: SeatMapModel;
  index: SpatialIndex;
  colours: SeatColours;
  /** 1 = matches the filters; null = no filter. */
  mask: Uint8Array | null;
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
  if (g.detail === 'far' || square) {
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
 * Draws every seat in the layer's reach. Returns how many seats were drawn. The context's canvas
 * must be the placement's size × dpr.
 */
export function drawSeatLayer(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  placement: LayerPlacement,
): number {
  const { model, index, colours, mask } = scene;
  const { view, dpr, left, top } = placement;
  const g = geometry(model, view, dpr, left, top);
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
    forEachSeatInRect(index, reach, (seat) => {
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

  if (g.detail === 'far' && ctx.canvas.width * ctx.canvas.height <= RASTER_MAX_PIXELS) {
    rasterSeats(ctx, scene, g, visibleCount);
    return visibleCount;
  }

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colours.background;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
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
 * Far out a seat is a square of a pixel or three: writing those pixels straight into an image
 * costs a fraction of building a path of 100,000 rectangles, and looks the same.
 */
const RASTER_MAX_PIXELS = 6_000_000;

/** "#rrggbb" as the 32-bit pixel value of an opaque RGBA image (little-endian: ABGR). */
function pixel(hex: string): number {
  const value = parseInt(hex.slice(1, 7), 16);
  const r = (value >> 16) & 0xff;
  const g = (value >> 8) & 0xff;
  const b = value & 0xff;
  return ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

function blend(hex: string, background: string, alpha: number): number {
  const mix = (shift: number) => {
    const front = (parseInt(hex.slice(1, 7), 16) >> shift) & 0xff;
    const back = (parseInt(background.slice(1, 7), 16) >> shift) & 0xff;
    return Math.round(back + (front - back) * alpha);
  };
  return ((0xff << 24) | (mix(0) << 16) | (mix(8) << 8) | mix(16)) >>> 0;
}

function rasterSeats(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  g: Geometry,
  visibleCount: number,
): void {
  const { model, colours } = scene;
  const { width, height } = ctx.canvas;
  const image = ctx.createImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  pixels.fill(pixel(colours.background));
  const bandCount = model.bands.length;
  const palette = new Uint32Array(1 + bandCount * 2);
  palette[0] = pixel(colours.unavailable);
  for (let b = 0; b < bandCount; b += 1) {
    palette[1 + b] = pixel(colours.bands[b]!);
    palette[1 + bandCount + b] = blend(colours.bands[b]!, colours.background, colours.dimmedAlpha);
  }
  // Rounded up, so a bowl of seats a pixel and a half apart reads as a solid block of colour.
  const side = Math.max(1, Math.ceil(g.radius * 2.1));
  const smallSide = Math.max(1, Math.round(side * 0.6));
  for (let k = 0; k < visibleCount; k += 1) {
    const seat = scratchVisible[k]!;
    const c = scratchClass[k]!;
    const size = c === 0 ? smallSide : side;
    const x0 = Math.round(model.x[seat]! * g.scale + g.ox - size / 2);
    const y0 = Math.round(model.y[seat]! * g.scale + g.oy - size / 2);
    const colour = palette[c]!;
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + size); y += 1) {
      const row = y * width;
      for (let x = Math.max(0, x0); x < Math.min(width, x0 + size); x += 1)
        pixels[row + x] = colour;
    }
  }
  ctx.putImageData(image, 0, 0);
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
  layer: CanvasImageSource,
  placement: LayerPlacement,
  view: View,
): void {
  const { dpr } = placement;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.drawImage(
    layer,
    Math.round((view.x - placement.view.x + placement.left) * dpr),
    Math.round((view.y - placement.view.y + placement.top) * dpr),
  );
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
