import { describe, expect, it } from 'vitest';
import {
  applyCommand,
  clampView,
  fitView,
  keyCommand,
  PAN_STEP,
  panBy,
  pinch,
  toPlan,
  toScreen,
  zoomAt,
  zoomLimits,
  ZOOM_STEP,
} from './viewTransform';

const bounds = { minX: 0, minY: 0, maxX: 1000, maxY: 500 };
const size = { width: 800, height: 600 };
const pitch = 10;

describe('view transform', () => {
  it('fits the whole plan, centred, inside the canvas', () => {
    const view = fitView(bounds, size, pitch);
    const topLeft = toScreen(view, 0, 0);
    const bottomRight = toScreen(view, 1000, 500);
    expect(topLeft.x).toBeGreaterThanOrEqual(0);
    expect(bottomRight.x).toBeLessThanOrEqual(800);
    expect((topLeft.x + bottomRight.x) / 2).toBeCloseTo(400);
    expect((topLeft.y + bottomRight.y) / 2).toBeCloseTo(300);
    expect(bottomRight.x - topLeft.x).toBeGreaterThan(700);
  });

  it('maps screen to plan and back', () => {
    const view = { scale: 2.5, x: -40, y: 15 };
    const plan = toPlan(view, 123, 456);
    const screen = toScreen(view, plan.x, plan.y);
    expect(screen.x).toBeCloseTo(123);
    expect(screen.y).toBeCloseTo(456);
  });

  it('zooms about the pointer: the plan point under it stays put', () => {
    const view = fitView(bounds, size, pitch);
    const limits = zoomLimits(bounds, size, pitch);
    const before = toPlan(view, 300, 200);
    const zoomed = zoomAt(view, 2, 300, 200, limits);
    expect(zoomed.scale).toBeCloseTo(view.scale * 2);
    const after = toPlan(zoomed, 300, 200);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('stops zooming at the limits: a little past the whole plan, seats 48 px across', () => {
    const limits = zoomLimits(bounds, size, pitch);
    const view = fitView(bounds, size, pitch);
    expect(zoomAt(view, 1e-6, 0, 0, limits).scale).toBeCloseTo(view.scale * 0.8);
    expect(zoomAt(view, 1e6, 0, 0, limits).scale * pitch).toBeCloseTo(48);
    // A plan so small its seats are already 48 px across still zooms in.
    const tiny = { minX: 0, minY: 0, maxX: 100, maxY: 50 };
    const tinyLimits = zoomLimits(tiny, size, pitch);
    expect(tinyLimits.max).toBeCloseTo(fitView(tiny, size, pitch).scale * 2);
  });

  it('pinch: spreading the fingers zooms in about their midpoint and the plan follows them', () => {
    const view = { scale: 1, x: 0, y: 0 };
    const limits = { min: 0.1, max: 10 };
    const zoomed = pinch(
      view,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 50, y: 100 },
        { x: 250, y: 100 },
      ],
      limits,
    );
    expect(zoomed.scale).toBeCloseTo(2);
    expect(toPlan(zoomed, 150, 100).x).toBeCloseTo(150);
    const moved = pinch(
      view,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 130, y: 140 },
        { x: 230, y: 140 },
      ],
      limits,
    );
    expect(moved).toEqual({ scale: 1, x: 30, y: 40 });
  });

  it('keeps some of the plan on screen however far it is dragged', () => {
    const view = fitView(bounds, size, pitch);
    const flung = clampView(panBy(view, 5000, -5000), bounds, size);
    const left = toScreen(flung, bounds.minX, bounds.minY);
    const right = toScreen(flung, bounds.maxX, bounds.maxY);
    expect(left.x).toBeLessThanOrEqual(size.width - 64 + 1e-6);
    expect(right.y).toBeGreaterThanOrEqual(64 - 1e-6);
    expect(clampView(view, bounds, size)).toBe(view);
  });

  it('maps keys to commands: + and − zoom, arrows move, 0 resets, others do nothing', () => {
    expect(keyCommand('+')).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(keyCommand('=')).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(keyCommand('-')).toEqual({ kind: 'zoom', factor: 1 / ZOOM_STEP });
    expect(keyCommand('ArrowRight')).toEqual({ kind: 'pan', dx: -PAN_STEP, dy: 0 });
    expect(keyCommand('ArrowUp')).toEqual({ kind: 'pan', dx: 0, dy: PAN_STEP });
    expect(keyCommand('0')).toEqual({ kind: 'reset' });
    expect(keyCommand('a')).toBeNull();
    expect(keyCommand('Enter')).toBeNull();
  });

  it('applies a command about the canvas centre and resets to the home view', () => {
    const home = fitView(bounds, size, pitch);
    const limits = zoomLimits(bounds, size, pitch);
    const zoomed = applyCommand(home, { kind: 'zoom', factor: 2 }, home, size, bounds, limits);
    expect(toPlan(zoomed, 400, 300).x).toBeCloseTo(toPlan(home, 400, 300).x);
    const panned = applyCommand(
      zoomed,
      { kind: 'pan', dx: -80, dy: 0 },
      home,
      size,
      bounds,
      limits,
    );
    expect(panned.x).toBeCloseTo(zoomed.x - 80);
    expect(applyCommand(panned, { kind: 'reset' }, home, size, bounds, limits)).toBe(home);
  });
});
