import { useLayoutEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { IntlProvider, useIntl } from 'react-intl';
import { ThemeProvider, useTheme } from 'styled-components';
import { SeatMapCanvas as TheirSeatMap, type SeatItem } from '@alisaitteke/seatmap-canvas';
import '@alisaitteke/seatmap-canvas/dist/esm/seatmap.canvas.css';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import enGB from '../../locales/en-GB.json';
import lumenTheme from '../../venues/lumen-theatre/theme.json';
import { buildSeatMapModel, type SeatMapModel } from '@/features/seatSelection/seatMap/model';
import { SeatMapCanvas, type FrameInfo } from '@/features/seatSelection/seatMap/SeatMapCanvas';
import { toScreen } from '@/features/seatSelection/seatMap/viewTransform';
import { prepareSeatMap } from '@/features/seatSelection/seatMap/prepareSeatMap';
import { ChoiceSkeleton } from '@/features/seatSelection/ChoiceSkeleton';
import { buildTheme } from '@/theme/buildTheme';
import type { SeatMapBenchApi, SeatMapLibrary, SeatTarget, TheirLayout } from './api';

/**
 * The bench page: our SeatMapCanvas and @alisaitteke/seatmap-canvas on the same data, one at a
 * time, in a 1200 × 540 box. "Painted" means a task queued from inside the animation frame has
 * run, i.e. the frame's style, layout and paint work is done.
 */

const stage = document.getElementById('stage')!;
const theme = buildTheme(lumenTheme);
const problems: string[] = [];
window.addEventListener('error', (event) => problems.push(String(event.message)));

let data: { plan: SeatingPlan; status: SeatStatus; their: TheirLayout } | null = null;

function afterThisFrame(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
}

function afterNextPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => void afterThisFrame().then(resolve)));
}

/**
 * Where a page is when its data comes: what it had on screen painted, and the main thread idle
 * (on a phone the plan and status take a network round trip, hundreds of milliseconds, to come).
 * Each map's first paint is timed from here, so it counts neither the page's set-up nor the
 * garbage the bench's own hand-over of the data leaves to collect.
 */
async function settled(): Promise<void> {
  await afterNextPaint();
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 }));
}

// --- ours ---------------------------------------------------------------------------------

let root: Root | null = null;
let model: SeatMapModel | null = null;
let lastFrame: FrameInfo | null = null;
const frameListeners = new Set<(frame: FrameInfo) => void>();
let ourSelected: ReadonlySet<number> = new Set();

/**
 * The page shell (providers, and the skeleton the tickets page shows while its seats load) is
 * up before data arrives, as on the tickets page; data arriving mounts the map in its place.
 * `showModel` is set once the shell has rendered. Like the tickets page (usePreparedSeatMap),
 * the shell readies the map's first frame with the same module while the data is on its way:
 * `prepared` says when that is done, which on the page comes well inside the plan and status
 * requests' round trip.
 */
let showModel: ((model: SeatMapModel | null) => void) | null = null;
let prepared: Promise<void> = Promise.resolve();

function OurShell() {
  const intl = useIntl();
  const font = useTheme().fonts.body;
  const [current, setCurrent] = useState<SeatMapModel | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useLayoutEffect(() => {
    showModel = (next) => {
      setSelected(new Set());
      setCurrent(next);
    };
    // The venue's currency: the page has it from the venue's settings; here the plan's venue is
    // the data's.
    prepared = prepareSeatMap(intl, { currency: data!.status.currency, font });
  }, [intl, font]);
  ourSelected = selected;
  if (current === null) return <ChoiceSkeleton />;
  return (
    <SeatMapCanvas
      model={current}
      selected={selected}
      onToggleSeat={(seat) =>
        setSelected((previous) => {
          const next = new Set(previous);
          if (next.has(seat)) next.delete(seat);
          else next.add(seat);
          return next;
        })
      }
      onFrame={(frame) => {
        lastFrame = frame;
        for (const listener of frameListeners) listener(frame);
      }}
    />
  );
}

function mountShell(): void {
  const host = document.createElement('div');
  stage.append(host);
  root = createRoot(host);
  flushSync(() =>
    root!.render(
      <IntlProvider locale="en-GB" messages={enGB}>
        <ThemeProvider theme={theme}>
          <OurShell />
        </ThemeProvider>
      </IntlProvider>,
    ),
  );
}

async function mountOurs(): Promise<number> {
  mountShell();
  await prepared;
  await settled();
  const started = performance.now();
  const painted = new Promise<number>((resolve) => {
    const first = () => {
      frameListeners.delete(first);
      void afterThisFrame().then(resolve);
    };
    frameListeners.add(first);
  });
  model = buildSeatMapModel(data!.plan, data!.status);
  const built = model;
  flushSync(() => showModel!(built));
  return painted.then((end) => end - started);
}

function locateOurs(seat: number): SeatTarget | null {
  const canvas = stage.querySelector('canvas');
  if (model === null || lastFrame === null || canvas === null) return null;
  const box = canvas.getBoundingClientRect();
  const at = toScreen(lastFrame.view, model.x[seat]!, model.y[seat]!);
  return { seat, x: box.left + at.x, y: box.top + at.y };
}

// --- @alisaitteke/seatmap-canvas ----------------------------------------------------------

let theirs: TheirSeatMap | null = null;
let theirSectionOf: number[] = [];
const theirClickListeners = new Set<(seat: SeatItem) => void>();

function theirBlocks(plan: SeatingPlan, status: SeatStatus, scale: number) {
  const blocks = plan.sections.map((section, index) => ({
    id: index,
    title: section.name,
    color: '#e2e2e2',
    labels: [] as unknown[],
    seats: [] as { id: number; x: number; y: number; salable: boolean; title: string }[],
  }));
  const { seats } = plan;
  theirSectionOf = seats.section;
  // Its stage starts at 0,0 and is as large as the largest coordinate: start the plan at the origin.
  const minX = Math.min(...seats.x);
  const minY = Math.min(...seats.y);
  for (let i = 0; i < seats.id.length; i += 1) {
    blocks[seats.section[i]!]!.seats.push({
      id: i,
      x: (seats.x[i]! - minX) * scale + 40,
      y: (seats.y[i]! - minY) * scale + 40,
      salable: status.status[i] !== '2',
      title: String(seats.number[i]),
    });
  }
  return blocks;
}

async function mountTheirs(): Promise<number> {
  await settled();
  const started = performance.now();
  const container = document.createElement('div');
  container.id = 'theirs';
  container.style.cssText = 'width:1200px;height:540px;position:relative';
  stage.append(container);
  const layout = data!.their;
  theirs = new TheirSeatMap('#theirs', {
    resizable: false,
    max_zoom: layout.maxZoom,
    style: { seat: { radius: layout.seatRadius }, block: {}, legend: {}, label: {}, tooltip: {} },
  });
  theirs.eventManager.addEventListener('SEAT.CLICK', (seat) => {
    if (seat.isSelected()) seat.unSelect();
    else seat.select();
    for (const listener of theirClickListeners) listener(seat);
  });
  theirs.data.replaceData(theirBlocks(data!.plan, data!.status, layout.scale));
  return afterNextPaint().then((end) => end - started);
}

function locateTheirs(seat: number): SeatTarget | null {
  const found = theirs?.data.getSeat(seat, theirSectionOf[seat]!);
  const node = found?.svg?.node.node();
  if (node === undefined) return null;
  const box = node.getBoundingClientRect();
  if (box.width === 0) return null;
  return { seat, x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// --- shared --------------------------------------------------------------------------------

let library: SeatMapLibrary = 'ours';
let pendingSelect: Promise<number> | null = null;
let frameTimes: number[] = [];
let framesRunning = false;

let disarm = () => {};

function armSelect(seat: number): void {
  disarm();
  let releasedAt = 0;
  const onRelease = (event: PointerEvent) => {
    releasedAt = event.timeStamp;
  };
  window.addEventListener('pointerup', onRelease, { capture: true, once: true });
  pendingSelect = new Promise<number>((resolve) => {
    if (library === 'ours') {
      const watch = (frame: FrameInfo) => {
        if (frame.selectedDrawn > 0 && ourSelected.has(seat)) {
          frameListeners.delete(watch);
          void afterThisFrame().then((end) => resolve(end - releasedAt));
        }
      };
      frameListeners.add(watch);
      disarm = () => frameListeners.delete(watch);
    } else {
      const watch = (item: SeatItem) => {
        if (item.item.id === seat && item.isSelected()) {
          theirClickListeners.delete(watch);
          void afterNextPaint().then((end) => resolve(end - releasedAt));
        }
      };
      theirClickListeners.add(watch);
      disarm = () => theirClickListeners.delete(watch);
    }
  });
}

const api: SeatMapBenchApi = {
  setData(next) {
    data = next;
  },
  mount(which) {
    library = which;
    return which === 'ours' ? mountOurs() : mountTheirs();
  },
  locate(seat) {
    return library === 'ours' ? locateOurs(seat) : locateTheirs(seat);
  },
  armSelect,
  async selected(timeoutMs) {
    const pending = pendingSelect;
    if (pending === null) return null;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
    const result = await Promise.race([pending, timeout]);
    if (result !== null) pendingSelect = null;
    return result;
  },
  startFrames() {
    frameTimes = [];
    framesRunning = true;
    const tick = (time: number) => {
      frameTimes.push(time);
      if (framesRunning) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  stopFrames() {
    framesRunning = false;
    return frameTimes.slice(1).map((time, k) => time - frameTimes[k]!);
  },
  unmount() {
    root?.unmount();
    root = null;
    model = null;
    lastFrame = null;
    frameListeners.clear();
    theirClickListeners.clear();
    theirs = null;
    stage.replaceChildren();
  },
  problems: () => problems,
};

window.seatmapBench = api;
