import type { Bounds } from './model';

/**
 * The canvas view as plain data and pure functions, so pan, zoom, pinch and the keyboard are
 * tested without a browser. A plan point (px, py) is drawn at screen (CSS pixels)
 * (px * scale + x, py * scale + y).
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

/** Zoom factor of one step (button, key, wheel notch). */
export const ZOOM_STEP = 1.5;
/** CSS pixels an arrow key moves the plan. */
export const PAN_STEP = 80;
/** Closest zoom: a seat this many CSS pixels across is as large as it usefully gets. */
const MAX_SEAT_PIXELS = 48;
const FIT_PADDING = 16;

export function toScreen(view: View, px: number, py: number): Point {
  return { x: px * view.scale + view.x, y: py * view.scale + view.y };
}

export function toPlan(view: View, sx: number, sy: number): Point {
  return { x: (sx - view.x) / view.scale, y: (sy - view.y) / view.scale };
}

/** The whole plan, centred, with a seat's worth of margin so edge seats are not clipped. */
export function fitView(bounds: Bounds, size: Size, pitch: number): View {
  const width = bounds.maxX - bounds.minX + pitch * 2;
  const height = bounds.maxY - bounds.minY + pitch * 2;
  const scale = Math.max(
    1e-3,
    Math.min(
      (size.width - FIT_PADDING * 2) / Math.max(width, 1),
      (size.height - FIT_PADDING * 2) / Math.max(height, 1),
    ),
  );
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return { scale, x: size.width / 2 - cx * scale, y: size.height / 2 - cy * scale };
}

/**
 * From a little smaller than the whole plan to seats MAX_SEAT_PIXELS across; a small plan whose
 * seats are already that large when it fits can still be zoomed in twice over.
 */
export function zoomLimits(bounds: Bounds, size: Size, pitch: number): ZoomLimits {
  const fit = fitView(bounds, size, pitch).scale;
  return { min: fit * 0.8, max: Math.max(fit * 2, MAX_SEAT_PIXELS / Math.max(pitch, 1e-6)) };
}

/** Zooms by `factor` keeping the plan point under (sx, sy) where it is. */
export function zoomAt(
  view: View,
  factor: number,
  sx: number,
  sy: number,
  limits: ZoomLimits,
): View {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, x: sx - (sx - view.x) * applied, y: sy - (sy - view.y) * applied };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { scale: view.scale, x: view.x + dx, y: view.y + dy };
}

/**
 * Two-finger gesture: the plan follows the fingers, zooming by the change in their distance
 * about their midpoint.
 */
export function pinch(
  view: View,
  before: [Point, Point],
  after: [Point, Point],
  limits: ZoomLimits,
): View {
  const spread = (pair: [Point, Point]) =>
    Math.max(1, Math.hypot(pair[1].x - pair[0].x, pair[1].y - pair[0].y));
  const mid = (pair: [Point, Point]) => ({
    x: (pair[0].x + pair[1].x) / 2,
    y: (pair[0].y + pair[1].y) / 2,
  });
  const from = mid(before);
  const to = mid(after);
  const zoomed = zoomAt(view, spread(after) / spread(before), from.x, from.y, limits);
  return panBy(zoomed, to.x - from.x, to.y - from.y);
}

/**
 * Keeps part of the plan on screen, so a fling or a stray key never leaves the buyer looking at
 * an empty canvas with no idea which way the seats went.
 */
export function clampView(view: View, bounds: Bounds, size: Size): View {
  const keep = Math.min(64, size.width / 4, size.height / 4);
  const left = bounds.minX * view.scale + view.x;
  const right = bounds.maxX * view.scale + view.x;
  const top = bounds.minY * view.scale + view.y;
  const bottom = bounds.maxY * view.scale + view.y;
  let dx = 0;
  let dy = 0;
  if (right < keep) dx = keep - right;
  else if (left > size.width - keep) dx = size.width - keep - left;
  if (bottom < keep) dy = keep - bottom;
  else if (top > size.height - keep) dy = size.height - keep - top;
  return dx === 0 && dy === 0 ? view : panBy(view, dx, dy);
}

/** The plan rectangle on screen, grown by `margin` CSS pixels each side. */
export function visiblePlanRect(view: View, size: Size, margin = 0): Bounds {
  const topLeft = toPlan(view, -margin, -margin);
  const bottomRight = toPlan(view, size.width + margin, size.height + margin);
  return { minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y };
}

export type ViewCommand =
  { kind: 'zoom'; factor: number } | { kind: 'pan'; dx: number; dy: number } | { kind: 'reset' };

/**
 * What a key does on the focused map: + and − zoom, arrows move the view (the plan slides the
 * other way, as when dragging), 0 shows the whole plan again.
 */
export function keyCommand(key: string): ViewCommand | null {
  switch (key) {
    case '+':
    case '=':
      return { kind: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / ZOOM_STEP };
    case 'ArrowLeft':
      return { kind: 'pan', dx: PAN_STEP, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: -PAN_STEP, dy: 0 };
    case 'ArrowUp':
      return { kind: 'pan', dx: 0, dy: PAN_STEP };
    case 'ArrowDown':
      return { kind: 'pan', dx: 0, dy: -PAN_STEP };
    case '0':
      return { kind: 'reset' };
    default:
      return null;
  }
}

/** Applies a command about the centre of the canvas, within the limits and keeping the plan in view. */
export function applyCommand(
  view: View,
  command: ViewCommand,
  home: View,
  size: Size,
  bounds: Bounds,
  limits: ZoomLimits,
): View {
  switch (command.kind) {
    case 'zoom':
      return zoomAt(view, command.factor, size.width / 2, size.height / 2, limits);
    case 'pan':
      return clampView(panBy(view, command.dx, command.dy), bounds, size);
    case 'reset':
      return home;
  }
}
