import { drawScene, type LayerPlacement, type Scene } from './drawSeats';
import type { Size, View } from './viewTransform';

/**
 * Chooses what the offscreen seat layer covers. When the whole plan fits in a layer of sensible
 * size at this zoom, the layer is the whole plan and any pan is a copy; otherwise it is the
 * canvas plus a margin, redrawn when a pan leaves the margin.
 */
const MAX_LAYER_SIDE = 4096;
const MAX_LAYER_PIXELS = 8_000_000;
/** CSS pixels past the plan's edge that labels may reach. */
const LABEL_ROOM = 48;

function placeLayer(scene: Scene, view: View, size: Size, dpr: number): LayerPlacement {
  // The stage is part of the picture too.
  const { extent: bounds, pitch } = scene.model;
  // Row letters and section names sit past the outermost seats: keep them in the layer.
  const pad = pitch * view.scale + LABEL_ROOM;
  const left = bounds.minX * view.scale + view.x - pad;
  const top = bounds.minY * view.scale + view.y - pad;
  const width = (bounds.maxX - bounds.minX) * view.scale + pad * 2;
  const height = (bounds.maxY - bounds.minY) * view.scale + pad * 2;
  if (
    width * dpr <= MAX_LAYER_SIDE &&
    height * dpr <= MAX_LAYER_SIDE &&
    width * height * dpr * dpr <= MAX_LAYER_PIXELS
  ) {
    return { view, dpr, left, top, width, height, whole: true };
  }
  const side = Math.sqrt(MAX_LAYER_PIXELS / (dpr * dpr));
  const margin = Math.max(
    0,
    Math.min(
      Math.max(size.width, size.height) * 0.25,
      (side - Math.max(size.width, size.height)) / 2,
    ),
  );
  return {
    view,
    dpr,
    left: -margin,
    top: -margin,
    width: size.width + margin * 2,
    height: size.height + margin * 2,
    whole: false,
  };
}

/** The canvas itself as a placement: what is drawn straight onto it, without a layer. */
export function screenPlacement(view: View, size: Size, dpr: number): LayerPlacement {
  return { view, dpr, left: 0, top: 0, width: size.width, height: size.height, whole: false };
}

/** True when the layer drawn at `placement` still serves this view (same zoom, inside its reach). */
function layerServes(placement: LayerPlacement, view: View, size: Size, dpr: number): boolean {
  if (placement.dpr !== dpr || placement.view.scale !== view.scale) return false;
  if (placement.whole) return true;
  const dx = view.x - placement.view.x;
  const dy = view.y - placement.view.y;
  return (
    -dx >= placement.left &&
    -dy >= placement.top &&
    size.width - dx <= placement.left + placement.width &&
    size.height - dy <= placement.top + placement.height
  );
}

/** Redraws `layer` for the placement; returns how many seats it drew. */
function renderLayer(layer: HTMLCanvasElement, scene: Scene, placement: LayerPlacement): number {
  const width = Math.max(1, Math.ceil(placement.width * placement.dpr));
  const height = Math.max(1, Math.ceil(placement.height * placement.dpr));
  if (layer.width !== width) layer.width = width;
  if (layer.height !== height) layer.height = height;
  const ctx = layer.getContext('2d');
  if (ctx === null) return 0;
  return drawScene(ctx, scene, placement);
}

/** The offscreen seat layer a pan copies: its canvas, and what was last drawn on it where. */
export interface SeatLayer {
  canvas: HTMLCanvasElement;
  placement: LayerPlacement | null;
  scene: Scene | null;
}

/** True when `layer` holds `scene` drawn for this view (same zoom, inside its reach). */
export function layerHolds(
  layer: SeatLayer,
  scene: Scene,
  view: View,
  size: Size,
  dpr: number,
): boolean {
  return (
    layer.scene === scene &&
    layer.placement !== null &&
    layerServes(layer.placement, view, size, dpr)
  );
}

/** Redraws `layer` around this view; returns how many seats it drew. */
export function drawLayer(
  layer: SeatLayer,
  scene: Scene,
  view: View,
  size: Size,
  dpr: number,
): number {
  layer.placement = placeLayer(scene, view, size, dpr);
  layer.scene = scene;
  return renderLayer(layer.canvas, scene, layer.placement);
}
