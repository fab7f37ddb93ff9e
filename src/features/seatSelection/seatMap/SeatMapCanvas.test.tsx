import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePath2D, fakeCanvasContext, newCanvasCalls } from './fakeCanvas';
import { applyStatus, buildSeatMapModel, type SeatMapModel } from './model';
import { SeatMapCanvas, type FrameInfo } from './SeatMapCanvas';
import { gridPlan, makeStatus, miniSeat, miniTheatre } from './testPlans';
import { renderInVenue } from '../../../../tests/unit/renderInVenue';
import { fitView, toScreen, zoomAt, zoomLimits, ZOOM_STEP, type View } from './viewTransform';

const SIZE = { width: 800, height: 480 };

/** Words drawn and seat discs traced, since the test began. */
let drawn = newCanvasCalls();

beforeEach(() => {
  drawn = newCanvasCalls();
  vi.stubGlobal('Path2D', FakePath2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return fakeCanvasContext(this, drawn);
  } as never);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, ...SIZE }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function theatreModel(): SeatMapModel {
  const plan = miniTheatre();
  return buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 6500, B: 4500, R: 3000 } }));
}

/** The map with selection held the way the tickets page holds it. */
function Harness({
  model,
  onToggle,
  onFrame,
  viewFromSeat = false,
  viewThemes,
}: {
  model: SeatMapModel;
  onToggle?: (seat: number) => void;
  onFrame?: (frame: FrameInfo) => void;
  viewFromSeat?: boolean;
  viewThemes?: readonly string[];
}) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return (
    <SeatMapCanvas
      model={model}
      selected={selected}
      onToggleSeat={(seat) => {
        onToggle?.(seat);
        setSelected((previous) => {
          const next = new Set(previous);
          if (next.has(seat)) next.delete(seat);
          else next.add(seat);
          return next;
        });
      }}
      onFrame={onFrame}
      viewFromSeat={viewFromSeat}
      viewThemes={viewThemes}
    />
  );
}

async function renderMap(model: SeatMapModel, props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const frames: FrameInfo[] = [];
  const onToggle = vi.fn();
  renderInVenue(
    <Harness model={model} onToggle={onToggle} onFrame={(f) => frames.push(f)} {...props} />,
  );
  const map = await screen.findByRole('application', { name: 'Seating plan picture' });
  await waitFor(() => expect(frames.length).toBeGreaterThan(0));
  return { map, frames, onToggle };
}

function click(target: HTMLElement, at: { x: number; y: number }, pointerType = 'mouse') {
  const init = { clientX: at.x, clientY: at.y, pointerId: 1, pointerType, button: 0 };
  fireEvent.pointerDown(target, init);
  fireEvent.pointerUp(target, init);
}

const seatOnScreen = (model: SeatMapModel, view: View, seat: number) =>
  toScreen(view, model.x[seat]!, model.y[seat]!);

describe('SeatMapCanvas', () => {
  it('first shows the whole house, and a click on a seat chooses exactly that seat', async () => {
    const model = theatreModel();
    const { map, frames, onToggle } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    expect(frames.at(-1)!.view).toEqual(home);
    expect(frames.at(-1)!.seatsDrawn).toBe(model.count);

    const seat = miniSeat(1, 'B', 7);
    click(map, seatOnScreen(model, home, seat));
    expect(onToggle).toHaveBeenCalledWith(seat);
    await waitFor(() => expect(frames.at(-1)!.selectedDrawn).toBe(1));
  });

  it('does not choose a taken seat, nor anything when the click lands in the aisle', async () => {
    const model = applyStatus(theatreModel(), '2' + '0'.repeat(65));
    const { map, onToggle } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    click(map, seatOnScreen(model, home, 0));
    // Between Stalls A5 (x 100) and A6 (x 140) is the aisle.
    click(map, toScreen(home, 120, 0));
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('treats a press that moves as a drag: the plan pans and nothing is chosen', async () => {
    const model = theatreModel();
    const { map, frames, onToggle } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    const start = seatOnScreen(model, home, miniSeat(0, 'B', 3));
    const init = { pointerId: 1, pointerType: 'mouse', button: 0 };
    fireEvent.pointerDown(map, { ...init, clientX: start.x, clientY: start.y });
    fireEvent.pointerMove(map, { ...init, clientX: start.x + 30, clientY: start.y + 10 });
    fireEvent.pointerUp(map, { ...init, clientX: start.x + 30, clientY: start.y + 10 });
    expect(onToggle).not.toHaveBeenCalled();
    await waitFor(() => expect(frames.at(-1)!.view.x).toBeCloseTo(home.x + 30));
    expect(frames.at(-1)!.view.y).toBeCloseTo(home.y + 10);
  });

  it('zooms and pans from the keyboard on the focused map, and 0 resets', async () => {
    const user = userEvent.setup();
    const model = theatreModel();
    const { map, frames, onToggle } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    const limits = zoomLimits(model.bounds, SIZE, model.pitch);
    map.focus();
    await user.keyboard('+');
    const zoomed = zoomAt(home, ZOOM_STEP, SIZE.width / 2, SIZE.height / 2, limits);
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeCloseTo(zoomed.scale));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(frames.at(-1)!.view.x).toBeCloseTo(zoomed.x - 80));
    const panned = frames.at(-1)!.view;
    const seat = miniSeat(1, 'A', 9);
    click(map, seatOnScreen(model, panned, seat));
    expect(onToggle).toHaveBeenLastCalledWith(seat);

    await user.keyboard('0');
    await waitFor(() => expect(frames.at(-1)!.view).toEqual(home));
    await user.keyboard('-');
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeLessThan(home.scale));
  });

  it('refits the whole house when its frame is resized, until the buyer has moved the plan', async () => {
    const user = userEvent.setup();
    let reportResize = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          reportResize = report;
        }
        observe() {}
        disconnect() {}
      },
    );
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const resize = (size: { width: number; height: number }) => {
      rect.mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, ...size }));
      act(() => reportResize());
    };
    const model = theatreModel();
    const { frames } = await renderMap(model);
    const narrow = { width: 400, height: 480 };
    resize(narrow);
    await waitFor(() => expect(frames.at(-1)!.size).toEqual(narrow));
    const narrowHome = fitView(model.bounds, narrow, model.pitch);
    expect(frames.at(-1)!.view).toEqual(narrowHome);

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeGreaterThan(narrowHome.scale));
    const chosen = frames.at(-1)!.view;
    resize(SIZE);
    await waitFor(() => expect(frames.at(-1)!.size).toEqual(SIZE));
    expect(frames.at(-1)!.view).toEqual(chosen);
  });

  it('draws the whole house straight onto the canvas far out, and a pan copies the seat layer', async () => {
    const pan = async (map: HTMLElement, frames: FrameInfo[]) => {
      const home = frames.at(-1)!.view;
      const drawn = frames.length;
      const init = { pointerId: 1, pointerType: 'mouse', button: 0 };
      const start = { x: 300, y: 200 };
      fireEvent.pointerDown(map, { ...init, clientX: start.x, clientY: start.y });
      for (const step of [10, 20, 30]) {
        fireEvent.pointerMove(map, { ...init, clientX: start.x + step, clientY: start.y });
        await waitFor(() => expect(frames.at(-1)!.view.x).toBeCloseTo(home.x + step));
      }
      fireEvent.pointerUp(map, { ...init, clientX: start.x + 30, clientY: start.y });
      return frames.slice(drawn);
    };

    // Far out (sections only): the first frame is drawn onto the canvas, not via the layer.
    const plan = gridPlan(40, 20, 25);
    const arena = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 9000, B: 6000 } }));
    const far = await renderMap(arena);
    expect(far.frames[0]!.detail).toBe('far');
    expect(far.frames[0]!.fromLayer).toBe(false);
    const farPan = await pan(far.map, far.frames);
    expect(farPan.every((frame) => frame.fromLayer)).toBe(true);
    cleanup();

    // Close in, every seat is drawn into the layer once, and each pan frame is a copy of it.
    const theatre = theatreModel();
    const near = await renderMap(theatre);
    expect(near.frames[0]!.fromLayer).toBe(true);
    expect(near.frames[0]!.seatsDrawn).toBe(theatre.count);
    const nearPan = await pan(near.map, near.frames);
    expect(nearPan.every((frame) => frame.fromLayer && frame.seatsDrawn === 0)).toBe(true);
  });

  it('has zoom in, zoom out and reset buttons', async () => {
    const user = userEvent.setup();
    const model = theatreModel();
    const { frames } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeCloseTo(home.scale * ZOOM_STEP));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    // Zooming out stops a little past the whole house.
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeCloseTo(home.scale * 0.8));
    await user.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(frames.at(-1)!.view).toEqual(home));
  });

  it('on a 20,000-seat plan a click far out zooms in first; the next click chooses the seat', async () => {
    const plan = gridPlan(40, 20, 25);
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 9000, B: 6000 } }));
    const { map, frames, onToggle } = await renderMap(model);
    expect(frames.at(-1)!.detail).toBe('far');
    const home = frames.at(-1)!.view;
    const seat = 10_000 + 12;
    click(map, seatOnScreen(model, home, seat));
    expect(onToggle).not.toHaveBeenCalled();
    await waitFor(() => expect(frames.at(-1)!.detail).not.toBe('far'));
    // Only what is on screen is drawn once zoomed in.
    expect(frames.at(-1)!.seatsDrawn).toBeLessThan(model.count);
    click(map, seatOnScreen(model, frames.at(-1)!.view, seat));
    expect(onToggle).toHaveBeenCalledWith(seat);
  });

  it('draws the stage, the section names and, zoomed in, the row letters', async () => {
    const user = userEvent.setup();
    const plan = {
      ...miniTheatre(),
      stage: { kind: 'stage' as const, x: 20, y: -80, width: 220, height: 50 },
    };
    const model = buildSeatMapModel(
      plan,
      makeStatus(plan, { prices: { A: 6500, B: 4500, R: 3000 } }),
    );
    const { frames } = await renderMap(model);
    // The whole-house view takes in the stage as well as the seats.
    expect(frames.at(-1)!.view).toEqual(fitView(model.extent, SIZE, model.pitch));
    expect(drawn.text).toEqual(expect.arrayContaining(['Stage', 'Stalls', 'Dress Circle']));

    // Rows 20 plan units apart: at the whole-house view (about 11 px a row) every letter fits.
    expect(drawn.text).toEqual(expect.arrayContaining(['A', 'B', 'C']));
    drawn.text = [];
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(frames.at(-1)!.seatsDrawn).toBeGreaterThan(0));
    // Further out the letters thin out or go, but never pile up: at most one per row end.
    const letters = drawn.text.filter((word) => /^[ABC]$/.test(word));
    expect(letters.length).toBeLessThanOrEqual(12);
  });

  it('names a pitch as the venue’s locale does', async () => {
    const plan = {
      ...miniTheatre(),
      stage: { kind: 'pitch' as const, x: 20, y: -80, width: 220, height: 50 },
    };
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 1, B: 1, R: 1 } }));
    renderInVenue(<Harness model={model} />, 'harbor-arena');
    await waitFor(() => expect(drawn.text).toContain('Field'));
  });

  it('on a 20,000-seat plan shows sections, not seats, far out; a click on one zooms to its seats', async () => {
    const plan = gridPlan(40, 20, 25);
    // Section 101 (the first 500 seats) sold out.
    const status = '2'.repeat(500) + '0'.repeat(19_500);
    const model = buildSeatMapModel(
      plan,
      makeStatus(plan, { prices: { A: 9000, B: 6000 }, status }),
    );
    const { map, frames, onToggle } = await renderMap(model);
    expect(frames.at(-1)!.detail).toBe('far');
    expect(frames.at(-1)!.seatsDrawn).toBe(0);
    expect(drawn.arcs).toBe(0);
    expect(drawn.text).toEqual(expect.arrayContaining(['Sold out', '500 left', 'from £60']));

    const home = frames.at(-1)!.view;
    // Section 112: the second row of sections, third across.
    const seat = 11 * 500 + 10 * 25 + 12;
    // Pointing at a section names it with what is left and its from-price.
    const point = (at: { x: number; y: number }) =>
      fireEvent.pointerMove(map, {
        clientX: at.x,
        clientY: at.y,
        pointerId: 1,
        pointerType: 'mouse',
      });
    point(seatOnScreen(model, home, seat));
    expect(await screen.findByText('Section 112: 500 left, from £60')).toBeInTheDocument();
    point(seatOnScreen(model, home, 250));
    expect(await screen.findByText('Section 101: sold out')).toBeInTheDocument();
    fireEvent.pointerLeave(map, { pointerId: 1, pointerType: 'mouse' });

    click(map, seatOnScreen(model, home, seat));
    expect(onToggle).not.toHaveBeenCalled();
    await waitFor(() => expect(frames.at(-1)!.seatsDrawn).toBeGreaterThan(0));
    expect(drawn.arcs).toBeGreaterThan(0);
    // The whole section is on screen.
    const view = frames.at(-1)!.view;
    for (const corner of [11 * 500, 11 * 500 + 499]) {
      const at = seatOnScreen(model, view, corner);
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.x).toBeLessThanOrEqual(SIZE.width);
      expect(at.y).toBeGreaterThanOrEqual(0);
      expect(at.y).toBeLessThanOrEqual(SIZE.height);
    }
    expect(drawn.text).toContain('Section 112');
    click(map, seatOnScreen(model, view, seat));
    expect(onToggle).toHaveBeenCalledWith(seat);
  });

  it('far out, a click away from every seat leaves the view alone', async () => {
    const plan = gridPlan(40, 20, 25);
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 9000, B: 6000 } }));
    const { map, frames } = await renderMap(model);
    const home = frames.at(-1)!.view;
    const count = frames.length;
    // Above the plan, which the whole-house view centres in the canvas.
    click(map, { x: 400, y: toScreen(home, 0, model.bounds.minY).y - 40 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(frames.length).toBe(count);
  });

  it('shows the hovered seat’s full name beside it', async () => {
    const model = theatreModel();
    const { map } = await renderMap(model);
    const home = fitView(model.bounds, SIZE, model.pitch);
    const at = seatOnScreen(model, home, miniSeat(1, 'C', 12));
    fireEvent.pointerMove(map, {
      clientX: at.x,
      clientY: at.y,
      pointerId: 1,
      pointerType: 'mouse',
    });
    expect(
      await screen.findByText('Dress Circle, Row C, Seat 12, restricted view, £30'),
    ).toBeInTheDocument();
    fireEvent.pointerLeave(map, { pointerId: 1, pointerType: 'mouse' });
    expect(screen.queryByText(/Dress Circle, Row C, Seat 12/)).toBeNull();
  });

  it('pinches with two fingers to zoom without choosing a seat', async () => {
    const model = theatreModel();
    const { map, frames, onToggle } = await renderMap(model);
    const home = frames.at(-1)!.view;
    const finger = (pointerId: number, x: number) => ({
      pointerId,
      pointerType: 'touch',
      clientX: x,
      clientY: 240,
      button: 0,
    });
    fireEvent.pointerDown(map, finger(1, 350));
    fireEvent.pointerDown(map, finger(2, 450));
    fireEvent.pointerMove(map, finger(2, 550));
    fireEvent.pointerUp(map, finger(2, 550));
    fireEvent.pointerUp(map, finger(1, 350));
    await waitFor(() => expect(frames.at(-1)!.view.scale).toBeGreaterThan(home.scale * 1.5));
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('keeps the picture out of the accessibility tree and names the map', async () => {
    const model = theatreModel();
    const { map } = await renderMap(model);
    expect(map.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true');
    expect(map).toHaveAccessibleDescription(/choose seats from the list/);
  });

  it('offers the view from the chosen seat when the venue enables it', async () => {
    const user = userEvent.setup();
    const model = theatreModel();
    const { map } = await renderMap(model, { viewFromSeat: true });
    const home = fitView(model.bounds, SIZE, model.pitch);
    act(() => click(map, seatOnScreen(model, home, miniSeat(1, 'C', 11))));
    await user.click(screen.getByRole('button', { name: 'View from seat' }));
    expect(
      screen.getByRole('img', {
        name: 'Drawing of the stage as seen from Dress Circle, Row C, Seat 11, restricted view, £30',
      }),
    ).toBeInTheDocument();
  });

  it('viewFromSeat.themes: a level without a picture set says so instead of drawing one', async () => {
    const user = userEvent.setup();
    const model = theatreModel();
    const { map } = await renderMap(model, { viewFromSeat: true, viewThemes: ['stalls'] });
    const home = fitView(model.bounds, SIZE, model.pitch);
    act(() => click(map, seatOnScreen(model, home, miniSeat(1, 'C', 11))));
    await user.click(screen.getByRole('button', { name: 'View from seat' }));
    expect(
      screen.getByText('There is no view picture for the Dress Circle yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Drawing of the stage/ })).toBeNull();
    act(() => click(map, seatOnScreen(model, home, miniSeat(0, 'A', 3))));
    expect(
      screen.getByRole('img', { name: /^Drawing of the stage as seen from Stalls, Row A, Seat 3/ }),
    ).toBeInTheDocument();
  });

  it('has no "View from seat" where the venue does not offer it', async () => {
    await renderMap(theatreModel());
    expect(screen.queryByRole('button', { name: 'View from seat' })).toBeNull();
  });
});
