import { act, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enGB from '../../../../locales/en-GB.json';
import { getVenue } from '@/config/venues';
import { VenueThemeProvider } from '@/theme/VenueThemeProvider';
import { FakePath2D, fakeCanvasContext, newCanvasCalls, type CanvasCalls } from './fakeCanvas';
import { buildSeatMapModel, type SeatMapModel } from './model';
import { usePreparedSeatMap } from './prepareSeatMap';
import { SeatMapCanvas, type FrameInfo } from './SeatMapCanvas';
import { gridPlan, makeStatus } from './testPlans';

/** What each canvas made so far was asked: the warm-up's and the map's (./fakeCanvas). */
const canvases: CanvasCalls[] = [];

beforeEach(() => {
  canvases.length = 0;
  vi.stubGlobal('Path2D', FakePath2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const calls = newCanvasCalls();
    canvases.push(calls);
    return fakeCanvasContext(this, calls);
  } as never);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 480 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The tickets page in small: its shell is up, then the plan and status arrive. */
function Page({ onShell }: { onShell: (show: (model: SeatMapModel) => void) => void }) {
  usePreparedSeatMap('GBP');
  const [model, setModel] = useState<SeatMapModel | null>(null);
  const [frames, setFrames] = useState(0);
  onShell(setModel);
  if (model === null) return null;
  return (
    <>
      <SeatMapCanvas
        model={model}
        selected={new Set()}
        onToggleSeat={() => {}}
        onFrame={(_frame: FrameInfo) => setFrames((n) => n + 1)}
      />
      {frames > 0 && <p>painted</p>}
    </>
  );
}

/**
 * Every formatter react-intl has made in this cache, by kind and key. A message without
 * arguments is left out: the app's catalogue is compiled, and such a message is its own text
 * there, with no formatter made.
 */
function formatterKeys(cache: ReturnType<typeof createIntlCache>): string[] {
  return Object.entries(cache).flatMap(([kind, made]) =>
    Object.keys(made as object)
      .filter((key) => {
        if (kind !== 'message') return true;
        const [message] = (JSON.parse(key) as { 0: unknown[] })[0];
        return typeof message !== 'string' || message.includes('{');
      })
      .map((key) => `${kind} ${key}`),
  );
}

describe('prepareSeatMap', () => {
  it('makes the formatters and measures the label fonts of the first frame before the plan arrives', async () => {
    const cache = createIntlCache();
    const intl = createIntl({ locale: 'en-GB', messages: enGB, timeZone: 'Europe/London' }, cache);
    let show: (model: SeatMapModel) => void = () => {};
    const { findByText } = render(
      <RawIntlProvider value={intl}>
        <VenueThemeProvider venue={getVenue('lumen-theatre')!}>
          <Page onShell={(setModel) => (show = setModel)} />
        </VenueThemeProvider>
      </RawIntlProvider>,
    );

    // The shell is up and no plan has come: the warm-up has run.
    await waitFor(() => expect(canvases.some((c) => c.measured.size > 0)).toBe(true));
    const warmed = formatterKeys(cache);
    expect(warmed.length).toBeGreaterThan(0);
    const warmedFonts = new Set(canvases.flatMap((c) => [...c.measured]));

    // A 20,000-seat plan arrives: the whole-house view draws each section's words.
    const plan = gridPlan(40, 20, 25);
    const model = buildSeatMapModel(
      plan,
      makeStatus(plan, {
        prices: { A: 9000, B: 6000 },
        status: '2'.repeat(500) + '0'.repeat(19_500),
      }),
    );
    act(() => show(model));
    await findByText('painted');
    const map = canvases.find((c) => c.text.length > 0)!;
    expect(map.text).toEqual(expect.arrayContaining(['Sold out', '500 left', 'from £60']));

    // The map asked for no formatter the warm-up had not made, and measured in no new font.
    expect(formatterKeys(cache)).toEqual(warmed);
    expect([...map.measured].filter((font) => !warmedFonts.has(font))).toEqual([]);
  });
});
