import type { PlanStage } from '@contract/api/holds';
import type { SeatMapModel } from './model';
import {
  insidePolygon,
  rowLabelStep,
  type PlanGeometry,
  type SectionAvailability,
} from './planGeometry';
import type { SeatColours } from './seatColours';

/**
 * What the plan says besides its seats, drawn into the seat layer (so panning copies it like the
 * seats): the stage, the sections' names and, close in, the row letters; on the whole-house view
 * of a big plan, the sections as shapes shaded by what is left, with their from-price.
 * The words come in ready-made (PlanText), so this module knows nothing of locales.
 */

export interface PlanText {
  /** Font family of the venue's theme. */
  font: string;
  /** The stage's (pitch's, floor's) name, or null when the plan has none. */
  stage: string | null;
  /** "120 left" / "Sold out". */
  left: (count: number) => string;
  /** "from £45". */
  from: (price: number) => string;
  /** The overview's pointer card: "Stalls: 120 left, from £45" (not drawn on the canvas). */
  summary: (section: string, left: number, from: number | null) => string;
}

export interface PlanColours {
  /** The stage block, and its name on it (the theme's text on background pair, reversed). */
  stage: string;
  stageText: string;
  /** Names and letters, with a halo of the background behind them. */
  label: string;
  halo: string;
}

export interface PlanDecor {
  geometry: PlanGeometry;
  availability: SectionAvailability;
  text: PlanText;
  colours: PlanColours;
}

/** Device-pixel placement of plan units: screen = plan × scale + offset. */
export interface LayerTransform {
  scale: number;
  ox: number;
  oy: number;
  dpr: number;
  /** Seat radius in device pixels. */
  radius: number;
}

const SECTION_FONT = 12;
const DETAIL_FONT = 11;
const STAGE_FONT_MAX = 16;
const LABEL_GAP = 4;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Keeps labels apart: a label whose box meets one already drawn is left out. Boxes are filed
 * by a coarse grid, so a thousand row letters cost a thousand look-ups, not a million.
 */
export class LabelPlacer {
  private readonly cells = new Map<number, Rect[]>();
  private static readonly CELL = 64;

  private keys(rect: Rect, visit: (key: number) => boolean | void): boolean {
    const c0 = Math.floor(rect.x0 / LabelPlacer.CELL);
    const c1 = Math.floor(rect.x1 / LabelPlacer.CELL);
    const r0 = Math.floor(rect.y0 / LabelPlacer.CELL);
    const r1 = Math.floor(rect.y1 / LabelPlacer.CELL);
    for (let r = r0; r <= r1; r += 1) {
      for (let c = c0; c <= c1; c += 1) if (visit(r * 100_003 + c) === true) return true;
    }
    return false;
  }

  /** Claims the box if it is free; false when it would overlap a placed label. */
  claim(rect: Rect): boolean {
    const taken = this.keys(rect, (key) =>
      (this.cells.get(key) ?? []).some(
        (o) => rect.x0 < o.x1 && rect.x1 > o.x0 && rect.y0 < o.y1 && rect.y1 > o.y0,
      ),
    );
    if (taken) return false;
    this.keys(rect, (key) => {
      const list = this.cells.get(key);
      if (list === undefined) this.cells.set(key, [rect]);
      else list.push(rect);
    });
    return true;
  }
}

function font(text: PlanText, size: number, bold: boolean): string {
  return `${bold ? '700 ' : ''}${Math.round(size)}px ${text.font}`;
}

/** The font of the section names (bold) and their details on the whole-house view. */
export function labelFont(text: PlanText, dpr: number, bold: boolean): string {
  return font(text, (bold ? SECTION_FONT : DETAIL_FONT) * dpr, bold);
}

function haloText(
  ctx: CanvasRenderingContext2D,
  colours: PlanColours,
  dpr: number,
  label: string,
  x: number,
  y: number,
): void {
  ctx.lineWidth = 3 * dpr;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = colours.halo;
  ctx.strokeText(label, x, y);
  ctx.fillStyle = colours.label;
  ctx.fillText(label, x, y);
}

function textWidth(ctx: CanvasRenderingContext2D, label: string): number {
  return ctx.measureText(label).width;
}

/**
 * The stage block with its name centred on it, in the theme's reversed colours. Returns the box
 * it covers, so no label is put on it.
 */
export function drawStage(
  ctx: CanvasRenderingContext2D,
  stage: PlanStage,
  decor: PlanDecor,
  t: LayerTransform,
): Rect {
  const x = stage.x * t.scale + t.ox;
  const y = stage.y * t.scale + t.oy;
  const width = stage.width * t.scale;
  const height = stage.height * t.scale;
  ctx.globalAlpha = 1;
  ctx.fillStyle = decor.colours.stage;
  ctx.beginPath();
  // roundRect arrived in Safari 16: older browsers get square corners rather than no map.
  if (typeof ctx.roundRect === 'function') {
    ctx.roundRect(x, y, width, height, Math.min(8 * t.dpr, height / 4, width / 4));
  } else {
    ctx.rect(x, y, width, height);
  }
  ctx.fill();
  const box = { x0: x, y0: y, x1: x + width, y1: y + height };
  const name = decor.text.stage;
  const size = Math.min(STAGE_FONT_MAX * t.dpr, height * 0.5);
  if (name === null || size < 8 * t.dpr) return box;
  ctx.font = font(decor.text, size, true);
  if (textWidth(ctx, name) > width * 0.9) return box;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = decor.colours.stageText;
  ctx.fillText(name, x + width / 2, y + height / 2);
  return box;
}

function tracePolygon(ctx: CanvasRenderingContext2D, hull: Float64Array, t: LayerTransform) {
  ctx.beginPath();
  for (let k = 0; k < hull.length; k += 2) {
    const x = hull[k]! * t.scale + t.ox;
    const y = hull[k + 1]! * t.scale + t.oy;
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
}

/**
 * The whole-house view of a big plan: each section a shape in the colour of its cheapest band
 * still on sale, fainter the less is left (the unavailable colour once sold out; faded like
 * filtered-out seats when none left matches the filters), named with what is left and its
 * from-price when they fit inside it.
 */
export function drawSectionOverview(
  ctx: CanvasRenderingContext2D,
  model: SeatMapModel,
  decor: PlanDecor,
  seatColours: SeatColours,
  placer: LabelPlacer,
  t: LayerTransform,
): void {
  const { geometry, availability } = decor;
  geometry.sections.forEach((shape, s) => {
    if (shape.hull.length < 6) return;
    const left = availability.left[s]!;
    const band = availability.fromBand[s]!;
    const share = availability.total[s]! > 0 ? left / availability.total[s]! : 0;
    const shade = left === 0 ? 1 : 0.45 + 0.55 * share;
    ctx.globalAlpha = availability.matching[s] === 0 && left > 0 ? seatColours.dimmedAlpha : shade;
    ctx.fillStyle = band >= 0 ? seatColours.bands[band]! : seatColours.unavailable;
    tracePolygon(ctx, shape.hull, t);
    ctx.fill();
  });
  ctx.globalAlpha = 1;
  ctx.strokeStyle = seatColours.background;
  ctx.lineWidth = Math.max(1, t.dpr);
  for (const shape of geometry.sections) {
    if (shape.hull.length < 6) continue;
    tracePolygon(ctx, shape.hull, t);
    ctx.stroke();
  }

  const labels = overviewLabels(ctx, model, decor, placer, t);
  // Each label on a plate of the halo colour: the label and halo pair's contrast over the whole
  // label, for one rectangle where a halo strokes every glyph's outline (issue 26: the arena's
  // outlined labels were about a twentieth of its first paint on a slow phone).
  const pad = PLATE_PADDING * t.dpr;
  ctx.fillStyle = decor.colours.halo;
  for (const { box } of labels) {
    ctx.fillRect(box.x0 - pad, box.y0 - pad, box.x1 - box.x0 + pad * 2, box.y1 - box.y0 + pad * 2);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = decor.colours.label;
  const lineHeight = DETAIL_FONT * 1.25 * t.dpr;
  // Two font changes in all, not one per line: setting the font is the costly part of text.
  for (const bold of [true, false]) {
    ctx.font = labelFont(decor.text, t.dpr, bold);
    for (const { lines, x, y } of labels) {
      lines.forEach((line, k) => {
        if ((k === 0) === bold) ctx.fillText(line, x, y + k * lineHeight);
      });
    }
  }
}

/** Room (CSS px) between an overview label's text and the edge of its plate. */
const PLATE_PADDING = 2;

/** A section's label, most first: name or code, then all of its details, the last or none. */
const LABEL_CANDIDATES = [
  { title: 'name', shown: 'all' },
  { title: 'code', shown: 'all' },
  { title: 'code', shown: 'last' },
  { title: 'code', shown: 'none' },
] as const;

interface OverviewLabel {
  lines: string[];
  /** Centre of the first line. */
  x: number;
  y: number;
  /** The text's box, inside the section's outline. */
  box: Rect;
}

/**
 * For each section, the most its shape holds, most first: its name, what is left and its
 * from-price; then its code for the name; then the code and from-price (the shade already tells
 * how much is left); then the code alone; nothing when not even that fits inside the outline.
 */
function overviewLabels(
  ctx: CanvasRenderingContext2D,
  model: SeatMapModel,
  decor: PlanDecor,
  placer: LabelPlacer,
  t: LayerTransform,
): OverviewLabel[] {
  const { availability, text, geometry } = decor;
  // What is left and the from-price, worded only for a section a label with them could fit.
  const detailsOf = (s: number): string[] => {
    const price = availability.from[s];
    const left = text.left(availability.left[s]!);
    return price === null || price === undefined ? [left] : [left, text.from(price)];
  };
  // Words are measured only for a candidate whose lines fit the shape's height (on the arena's
  // whole-house view only the codes do), once each, switching font only when it changes.
  const widths = new Map<string, number>();
  const fonts = [labelFont(text, t.dpr, false), labelFont(text, t.dpr, true)];
  let font = '';
  const widthOf = (bold: boolean, word: string) => {
    const key = `${bold ? 'b' : 'r'}${word}`;
    let width = widths.get(key);
    if (width === undefined) {
      if (font !== fonts[Number(bold)]) ctx.font = font = fonts[Number(bold)]!;
      width = textWidth(ctx, word);
      widths.set(key, width);
    }
    return width;
  };
  const lineHeight = DETAIL_FONT * 1.25 * t.dpr;
  const labels: OverviewLabel[] = [];
  geometry.sections.forEach((shape, s) => {
    const { name, code } = model.sections[s]!;
    const detailCount = (availability.from[s] ?? null) === null ? 1 : 2;
    let details: string[] | null = null;
    const cx = shape.centre.x * t.scale + t.ox;
    const cy = shape.centre.y * t.scale + t.oy;
    const inside = (x: number, y: number) =>
      insidePolygon(shape.hull, (x - t.ox) / t.scale, (y - t.oy) / t.scale);
    for (const { title, shown } of LABEL_CANDIDATES) {
      const lineCount = 1 + (shown === 'all' ? detailCount : shown === 'last' ? 1 : 0);
      const height = lineCount * lineHeight;
      // The lines' centre line first: a label too tall for the shape is never worded or measured.
      if (!inside(cx, cy - height / 2) || !inside(cx, cy + height / 2)) continue;
      details ??= detailsOf(s);
      const chosen = shown === 'all' ? details : shown === 'last' ? [details.at(-1)!] : [];
      const lines = [title === 'name' ? name : code, ...chosen];
      const width = Math.max(...lines.map((line, k) => widthOf(k === 0, line)));
      const box = {
        x0: cx - width / 2,
        y0: cy - height / 2,
        x1: cx + width / 2,
        y1: cy + height / 2,
      };
      // Inside the shape: each corner of the text's box is inside the outline.
      const fits =
        inside(box.x0, box.y0) &&
        inside(box.x1, box.y0) &&
        inside(box.x0, box.y1) &&
        inside(box.x1, box.y1);
      if (fits && placer.claim(box)) {
        labels.push({ lines, x: cx, y: cy - ((lines.length - 1) * lineHeight) / 2, box });
        return;
      }
    }
  });
  return labels;
}

/** Close in: each section's name just outside its seats, on the side facing the stage. */
export function drawSectionNames(
  ctx: CanvasRenderingContext2D,
  model: SeatMapModel,
  decor: PlanDecor,
  placer: LabelPlacer,
  t: LayerTransform,
  area: Rect,
): void {
  const size = SECTION_FONT * t.dpr;
  ctx.font = font(decor.text, size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  decor.geometry.sections.forEach((shape, s) => {
    const name = model.sections[s]!.name;
    const width = textWidth(ctx, name);
    // Far enough past the hull that the whole label clears it, whichever way the stage lies.
    const clear =
      Math.abs(shape.toStage.x) * (width / 2) + Math.abs(shape.toStage.y) * (size / 2) + LABEL_GAP;
    const x = (shape.centre.x + shape.toStage.x * shape.reach) * t.scale + t.ox;
    const y = (shape.centre.y + shape.toStage.y * shape.reach) * t.scale + t.oy;
    const cx = x + shape.toStage.x * clear;
    const cy = y + shape.toStage.y * clear;
    const box = { x0: cx - width / 2, y0: cy - size / 2, x1: cx + width / 2, y1: cy + size / 2 };
    if (box.x1 < area.x0 || box.x0 > area.x1 || box.y1 < area.y0 || box.y0 > area.y1) return;
    if (!placer.claim(box)) return;
    haloText(ctx, decor.colours, t.dpr, name, cx, cy);
  });
}

/**
 * Close in: each row's letter at both ends, where nothing else is in the way, at the density
 * rowLabelStep allows for this zoom. Returns how many letters were drawn.
 */
export function drawRowLabels(
  ctx: CanvasRenderingContext2D,
  model: SeatMapModel,
  decor: PlanDecor,
  placer: LabelPlacer,
  t: LayerTransform,
  area: Rect,
): number {
  const { geometry } = decor;
  const cssScale = t.scale / t.dpr;
  const step = rowLabelStep(geometry.rowGap * cssScale);
  if (step === null) return 0;
  const size = Math.min(13, Math.max(9, geometry.rowGap * cssScale * step * 0.8)) * t.dpr;
  ctx.font = font(decor.text, size, false);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let drawn = 0;
  for (const end of geometry.rowEnds()) {
    if (geometry.rowOrdinal[end.row]! % step !== 0) continue;
    const x = end.x * t.scale + t.ox;
    const y = end.y * t.scale + t.oy;
    if (x < area.x0 - 64 || x > area.x1 + 64 || y < area.y0 - 64 || y > area.y1 + 64) continue;
    const label = model.rows[end.row]!.label;
    const width = textWidth(ctx, label);
    const offset = t.radius + LABEL_GAP * t.dpr + width / 2;
    // Room up to the next seat's edge: the label, a gap each side and that seat's radius.
    if (end.clearance * t.scale < offset + width / 2 + LABEL_GAP * t.dpr + t.radius) continue;
    const cx = x + end.dx * offset;
    const cy = y + end.dy * offset;
    // A label's width of room either side: in an aisle, the sections each side would otherwise
    // both number the same row side by side.
    const room = width + LABEL_GAP * t.dpr;
    const box = {
      x0: cx - width / 2 - room,
      y0: cy - size / 2,
      x1: cx + width / 2 + room,
      y1: cy + size / 2,
    };
    if (!placer.claim(box)) continue;
    haloText(ctx, decor.colours, t.dpr, label, cx, cy);
    drawn += 1;
  }
  return drawn;
}
