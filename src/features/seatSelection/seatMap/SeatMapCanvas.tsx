import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import { blitLayer, detailFor, drawOverlay, drawScene, type Detail, type Scene } from './drawSeats';
import { isSelectable, type Bounds, type SeatMapModel } from './model';
import { buildPlanGeometry, sectionAt, sectionAvailability } from './planGeometry';
import { usePlanColours, usePlanText } from './planText';
import { seatColours } from './seatColours';
import { drawLayer, layerHolds, screenPlacement, type SeatLayer } from './seatLayer';
import { seatName } from './seatName';
import { lazySpatialIndex, nearestSeat, type LazySpatialIndex } from './spatialIndex';
import { ViewFromSeat } from './ViewFromSeat';
import { hasViewPicture } from './viewThemes';
import { PLAN_FRAME_HEIGHT } from './pickerLayout';
import {
  applyCommand,
  clampView,
  fitView,
  keyCommand,
  panBy,
  pinch,
  toPlan,
  toScreen,
  zoomAt,
  zoomLimits,
  ZOOM_STEP,
  type Point,
  type Size,
  type View,
  type ViewCommand,
} from './viewTransform';

/** What one drawn frame showed; the bench and diagnostics read it. */
export interface FrameInfo {
  view: View;
  size: Size;
  detail: Detail;
  /** Seats drawn for this frame, onto the canvas or into the seat layer (0 when it was a copy). */
  seatsDrawn: number;
  /** The frame is a copy of the seat layer (else it was drawn straight onto the canvas). */
  fromLayer: boolean;
  selectedDrawn: number;
  /** Milliseconds spent drawing this frame. */
  drawMs: number;
}

export interface SeatMapCanvasProps {
  model: SeatMapModel;
  /** Seat indexes the buyer has chosen. */
  selected: ReadonlySet<number>;
  onToggleSeat: (index: number) => void;
  /** One byte per seat, 1 = matches the buyer's filters; the others are dimmed. */
  filterMask?: Uint8Array | null;
  /** Venue setting `viewFromSeat.enabled`. */
  viewFromSeat?: boolean;
  /** Venue setting `viewFromSeat.themes`: the levels with a picture set (all when absent). */
  viewThemes?: readonly string[];
  onFrame?: (frame: FrameInfo) => void;
}

/** A press that moves less than this (CSS px) is a click, not a drag. */
const DRAG_THRESHOLD = 5;
/** On the whole-house view seats are too small to aim at: a click zooms in to this size first. */
const CLICK_ZOOM_SEAT_PIXELS = 18;
/** A section too big to fit on screen with its seats drawn is shown with seats this size. */
const SECTION_ZOOM_SEAT_PIXELS = 8;
/** How close (CSS px) to a seat a click on the whole-house view must be to zoom in. */
const FAR_CLICK_PIXELS = 12;
/** How far from a seat's centre (in seat pitches) a click still picks it. */
const HIT_PITCHES = 0.7;
/** Fingers are blunter than a mouse: at least this many CSS px. */
const MIN_HIT_PIXELS = { mouse: 6, touch: 14 } as const;

/**
 * Runs `task` when the browser is next idle: after the frame just drawn is on screen, and
 * before the buyer's next move (which does the work itself if it comes first). Safari has no
 * requestIdleCallback. Returns a cancel.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}

interface Hover {
  /** The seat under the pointer, or -1 on the overview. */
  seat: number;
  /** On the overview (seats not drawn): the section under the pointer, else -1. */
  section: number;
  plan: Float32Array;
  /** Where the seat (on the overview, the pointer) was on screen: the tooltip's anchor. */
  at: Point;
}

interface Gesture {
  pointers: Map<number, Point>;
  start: Point;
  dragged: boolean;
}

/**
 * The seat map picture: a canvas with pan and zoom by mouse (drag, wheel), touch (one-finger
 * pan, pinch) and keyboard (arrows, + and −, 0) on the focused map, plus buttons. It draws only
 * on animation frames when something changed. Screen-reader and keyboard seat choice is the list
 * picker's job (SeatList), so the canvas itself is hidden from assistive technology.
 */
export function SeatMapCanvas({
  model,
  selected,
  onToggleSeat,
  filterMask = null,
  viewFromSeat = false,
  viewThemes,
  onFrame,
}: SeatMapCanvasProps) {
  const intl = useIntl();
  const theme = useTheme();
  const instructionsId = useId();
  const viewPanelId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  // Geometry is shared by every status refresh of one plan (applyStatus keeps x and y), so the
  // grid and the view survive a refresh.
  const index = useMemo(
    () => lazySpatialIndex(model.x, model.y, model.bounds, model.pitch * 2),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the plan's geometry only
    [model.x, model.y],
  );
  const colours = useMemo(
    () => seatColours(theme, model.bands.length),
    [theme, model.bands.length],
  );
  // Shapes and label places follow the plan's geometry, like the grid; what is left per section
  // follows the status, and what matches the filters.
  const geometry = useMemo(
    () => buildPlanGeometry(model, index),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the plan's geometry only
    [index],
  );
  const availability = useMemo(() => sectionAvailability(model, filterMask), [model, filterMask]);
  const planText = usePlanText(model);
  const planColours = usePlanColours();
  const scene = useMemo<Scene>(
    () => ({
      model,
      index,
      colours,
      mask: filterMask,
      decor: { geometry, availability, text: planText, colours: planColours },
    }),
    [model, index, colours, filterMask, geometry, availability, planText, planColours],
  );

  const [hover, setHover] = useState<Hover | null>(null);
  // Hover belongs to the plan it was measured on; a new plan starts with none.
  const hovered = hover !== null && hover.plan === model.x ? hover.seat : -1;
  const hoveredSection = hover !== null && hover.plan === model.x ? hover.section : -1;
  const [viewOpen, setViewOpen] = useState(false);

  // The newest seat the buyer picked, for "View from seat" (derived while rendering, as React
  // recommends for state that follows a prop).
  const [chosen, setChosen] = useState({ selected, last: -1 });
  if (chosen.selected !== selected) {
    let last = chosen.last;
    for (const seat of selected) if (!chosen.selected.has(seat)) last = seat;
    setChosen({ selected, last: selected.has(last) ? last : -1 });
  }
  const lastChosen = chosen.last;

  const view = useRef<View | null>(null);
  const interacted = useRef(false);
  const gesture = useRef<Gesture | null>(null);
  /** The offscreen seat layer a pan copies from, and what it was drawn for. */
  const layer = useRef<SeatLayer>(null);
  /** The scene and view of the last frame drawn: a move at the same zoom is a pan. */
  const lastDrawn = useRef<{ scene: Scene; view: View } | null>(null);
  const frameRequest = useRef(0);
  /** Cancels the layer's idle redraw, when one is waiting. */
  const cancelIdleLayer = useRef<(() => void) | null>(null);
  /** The grid whose build has been asked for, once its map was on screen. */
  const gridAsked = useRef<LazySpatialIndex | null>(null);
  const latest = useRef({ scene, selected, hovered, onFrame });
  useLayoutEffect(() => {
    latest.current = { scene, selected, hovered, onFrame };
  });

  /**
   * The canvas's size (CSS px), measured after the first render, and what follows from it: the
   * whole-house view and the zoom limits. Read when drawing or handling input, never while
   * rendering, so the measurement does not render the map again before its first paint (issue
   * 26); nothing the map renders depends on it.
   */
  const size = useRef<Size>({ width: 0, height: 0 });
  const frameOf = useCallback(() => {
    const current = size.current;
    return {
      size: current,
      home: current.width > 0 ? fitView(model.extent, current, model.pitch) : null,
      limits: zoomLimits(model.extent, current, model.pitch),
    };
  }, [model.extent, model.pitch]);

  const draw = useCallback(() => {
    frameRequest.current = 0;
    const canvas = canvasRef.current;
    const current = view.current;
    const { scene, selected, hovered, onFrame } = latest.current;
    const shownSize = size.current;
    if (canvas === null || current === null || shownSize.width === 0) return;
    const ctx = canvas.getContext('2d');
    if (ctx === null) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const width = Math.round(shownSize.width * dpr);
    const height = Math.round(shownSize.height * dpr);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;

    const cache = (layer.current ??= {
      canvas: document.createElement('canvas'),
      placement: null,
      scene: null,
    });
    const layerReady = layerHolds(cache, scene, current, shownSize, dpr);
    const last = lastDrawn.current;
    const panning =
      last !== null &&
      last.scene === scene &&
      last.view.scale === current.scale &&
      (last.view.x !== current.x || last.view.y !== current.y);
    const detail = detailFor(scene.model.pitch * current.scale);
    const far = detail === 'far';
    let seatsDrawn = 0;
    const fromLayer = layerReady || panning || !far;
    if (fromLayer) {
      // A pan copies the layer, drawn for this zoom once (the frame a pan first needs it). Close
      // in, where every seat on screen is drawn, the layer is drawn first and copied, so that
      // no seat is drawn twice.
      if (!layerReady) seatsDrawn = drawLayer(cache, scene, current, shownSize, dpr);
      blitLayer(ctx, cache.canvas, cache.placement!, current, scene.colours.background);
    } else {
      // Far out (sections, not seats), a first frame, a zoom or fresh availability is drawn
      // straight onto the canvas, without first filling and copying a layer larger than the
      // screen (issue 26: about 5 ms of the arena's first paint on a slow phone). The few
      // shapes are drawn into the layer again when the browser is idle.
      seatsDrawn = drawScene(ctx, scene, screenPlacement(current, shownSize, dpr));
      cancelIdleLayer.current?.();
      cancelIdleLayer.current = whenIdle(() => {
        cancelIdleLayer.current = null;
        const shown = view.current;
        const nowSize = size.current;
        if (shown === null || latest.current.scene !== scene || nowSize.width === 0) return;
        const placed = layer.current!;
        if (!layerHolds(placed, scene, shown, nowSize, dpr))
          drawLayer(placed, scene, shown, nowSize, dpr);
      });
    }
    const selectedDrawn = drawOverlay(ctx, scene, current, dpr, selected, hovered);
    lastDrawn.current = { scene, view: current };
    if (gridAsked.current !== scene.index) {
      gridAsked.current = scene.index;
      const index = scene.index;
      whenIdle(() => index());
    }
    onFrame?.({
      view: current,
      size: shownSize,
      detail,
      seatsDrawn,
      fromLayer,
      selectedDrawn,
      drawMs: performance.now() - started,
    });
  }, []);

  const requestDraw = useCallback(() => {
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frameRequest.current);
      cancelIdleLayer.current?.();
    },
    [],
  );

  // A new plan (or a first measurement) shows the whole house; a resize keeps the buyer's view
  // once they have moved it.
  const viewPlan = useRef<Float32Array | null>(null);
  const showFrame = useCallback(() => {
    const { home } = frameOf();
    if (home === null) return;
    if (viewPlan.current !== model.x || view.current === null || !interacted.current) {
      viewPlan.current = model.x;
      interacted.current = false;
      view.current = home;
    }
    requestDraw();
  }, [frameOf, model.x, requestDraw]);
  const showFrameNow = useRef(showFrame);
  useLayoutEffect(() => {
    showFrameNow.current = showFrame;
    showFrame();
  }, [showFrame]);

  // The canvas fills its frame (inside the frame's border); the frame's size comes from CSS.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (frame === null || canvas === null) return;
    // Only a changed size is news: the observer's first report repeats the size just read.
    const measure = () => {
      const rect = canvas.getBoundingClientRect();
      const known = size.current;
      if (rect.width === known.width && rect.height === known.height) return;
      size.current = { width: rect.width, height: rect.height };
      showFrameNow.current();
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(requestDraw, [scene, selected, hovered, requestDraw]);

  const setView = useCallback(
    (next: View) => {
      interacted.current = true;
      view.current = next;
      requestDraw();
    },
    [requestDraw],
  );

  const command = useCallback(
    (cmd: ViewCommand) => {
      const { home, limits, size } = frameOf();
      if (view.current === null || home === null) return;
      setHover(null);
      setView(applyCommand(view.current, cmd, home, size, model.extent, limits));
    },
    [frameOf, model.extent, setView],
  );

  // React's onWheel is passive, so it cannot stop the page scrolling: listen natively.
  useEffect(() => {
    const frame = frameRef.current;
    if (frame === null) return;
    const onWheel = (event: WheelEvent) => {
      if (view.current === null) return;
      event.preventDefault();
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1;
      const rect = (canvasRef.current ?? frame).getBoundingClientRect();
      setHover(null);
      setView(
        zoomAt(
          view.current,
          Math.exp(-event.deltaY * lines * 0.002),
          event.clientX - rect.left,
          event.clientY - rect.top,
          frameOf().limits,
        ),
      );
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frameOf, setView]);

  /** Pointer position on the canvas (the frame's border is not part of the picture). */
  const localPoint = (event: PointerEvent<HTMLElement>): Point => {
    const rect = (canvasRef.current ?? event.currentTarget).getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const seatAt = useCallback(
    (point: Point, pointerType: string): number => {
      const current = view.current;
      if (current === null) return -1;
      const target = toPlan(current, point.x, point.y);
      const minPixels = pointerType === 'touch' ? MIN_HIT_PIXELS.touch : MIN_HIT_PIXELS.mouse;
      const reach = Math.max(model.pitch * HIT_PITCHES, minPixels / current.scale);
      return nearestSeat(index(), target.x, target.y, reach);
    },
    [index, model.pitch],
  );

  const hoverAt = (point: Point) => {
    const current = view.current;
    if (current === null) {
      setHover(null);
      return;
    }
    // On the overview the seats are not drawn: the pointer names the section instead.
    if (detailFor(model.pitch * current.scale) === 'far') {
      const at = toPlan(current, point.x, point.y);
      const section = sectionAt(geometry, at.x, at.y);
      if (section < 0) setHover(null);
      else if (hover?.section !== section || hover.plan !== model.x) {
        setHover({ seat: -1, section, plan: model.x, at: point });
      }
      return;
    }
    const seat = seatAt(point, 'mouse');
    if (seat < 0) {
      setHover(null);
      return;
    }
    if (hover?.seat === seat && hover.plan === model.x) return;
    setHover({
      seat,
      section: -1,
      plan: model.x,
      at: toScreen(current, model.x[seat]!, model.y[seat]!),
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const point = localPoint(event);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const current = gesture.current ?? { pointers: new Map(), start: point, dragged: false };
    current.pointers.set(event.pointerId, point);
    // A second finger turns the gesture into a pinch, never a click.
    if (current.pointers.size > 1) current.dragged = true;
    gesture.current = current;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = localPoint(event);
    const current = gesture.current;
    if (current === null || !current.pointers.has(event.pointerId)) {
      if (event.pointerType === 'mouse') hoverAt(point);
      return;
    }
    const previous = current.pointers.get(event.pointerId)!;
    if (view.current === null) return;
    const { size, limits } = frameOf();
    if (current.pointers.size >= 2) {
      const [firstId, secondId] = [...current.pointers.keys()];
      const other = current.pointers.get(event.pointerId === firstId ? secondId! : firstId!)!;
      setView(
        clampView(
          pinch(view.current, [previous, other], [point, other], limits),
          model.extent,
          size,
        ),
      );
    } else {
      const travelled = Math.hypot(point.x - current.start.x, point.y - current.start.y);
      if (travelled >= DRAG_THRESHOLD) current.dragged = true;
      if (current.dragged) {
        setHover(null);
        setView(
          clampView(
            panBy(view.current, point.x - previous.x, point.y - previous.y),
            model.extent,
            size,
          ),
        );
      }
    }
    current.pointers.set(event.pointerId, point);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (current === null || !current.pointers.has(event.pointerId)) return;
    current.pointers.delete(event.pointerId);
    if (current.pointers.size > 0) return;
    gesture.current = null;
    if (current.dragged || view.current === null) return;
    const point = localPoint(event);
    if (detailFor(model.pitch * view.current.scale) === 'far') {
      const near = toPlan(view.current, point.x, point.y);
      const section = sectionAt(geometry, near.x, near.y);
      if (section >= 0) {
        setView(sectionView(geometry.sections[section]!.bounds));
        return;
      }
      // Only towards seats: a click on an empty aisle or the arena floor leaves the view alone.
      const reach = FAR_CLICK_PIXELS / view.current.scale;
      if (nearestSeat(index(), near.x, near.y, reach) < 0) return;
      const factor = CLICK_ZOOM_SEAT_PIXELS / (model.pitch * view.current.scale);
      setView(zoomAt(view.current, factor, point.x, point.y, frameOf().limits));
      return;
    }
    const seat = seatAt(point, event.pointerType);
    if (seat >= 0 && isSelectable(model, seat)) onToggleSeat(seat);
  };

  /** The section filling the canvas, or centred with its seats large enough to aim at. */
  const sectionView = (bounds: Bounds): View => {
    const { size, limits } = frameOf();
    const fitted = fitView(bounds, size, model.pitch);
    const scale = Math.min(
      limits.max,
      detailFor(model.pitch * fitted.scale) === 'far'
        ? SECTION_ZOOM_SEAT_PIXELS / model.pitch
        : fitted.scale,
    );
    const cx = (bounds.minX + bounds.maxX) / 2;
    const cy = (bounds.minY + bounds.maxY) / 2;
    return { scale, x: size.width / 2 - cx * scale, y: size.height / 2 - cy * scale };
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    gesture.current?.pointers.delete(event.pointerId);
    if (gesture.current?.pointers.size === 0) gesture.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const cmd = keyCommand(event.key);
    if (cmd === null) return;
    event.preventDefault();
    command(cmd);
  };

  // The buttons and instructions change only with the view's limits and the panel: a click on a
  // seat re-renders the map without them (issue 26: on a slow phone every component counts).
  const controls = useMemo(
    () => (
      <>
        <Controls>
          <SecondaryButton
            type="button"
            onClick={() => command({ kind: 'zoom', factor: ZOOM_STEP })}
          >
            <FormattedMessage id="seatMap.controls.zoomIn" />
          </SecondaryButton>
          <SecondaryButton
            type="button"
            onClick={() => command({ kind: 'zoom', factor: 1 / ZOOM_STEP })}
          >
            <FormattedMessage id="seatMap.controls.zoomOut" />
          </SecondaryButton>
          <SecondaryButton type="button" onClick={() => command({ kind: 'reset' })}>
            <FormattedMessage id="seatMap.controls.reset" />
          </SecondaryButton>
          {viewFromSeat && (
            <SecondaryButton
              type="button"
              aria-expanded={viewOpen}
              aria-controls={viewPanelId}
              onClick={() => setViewOpen((open) => !open)}
            >
              <FormattedMessage id="seatMap.viewFromSeat.button" />
            </SecondaryButton>
          )}
        </Controls>
        <Instructions id={instructionsId}>
          <FormattedMessage id="seatMap.canvas.instructions" />
        </Instructions>
      </>
    ),
    [command, viewFromSeat, viewOpen, viewPanelId, instructionsId],
  );

  const viewSeat = lastChosen >= 0 && lastChosen < model.count ? lastChosen : hovered;

  return (
    <div>
      <Frame
        ref={frameRef}
        role="application"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'seatMap.canvas.label' })}
        aria-describedby={instructionsId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={() => setHover(null)}
      >
        <Canvas ref={canvasRef} aria-hidden="true" />
        {hover !== null && hovered >= 0 && (
          <Tooltip aria-hidden="true" style={{ left: hover.at.x, top: hover.at.y }}>
            {seatName(model, hovered, intl)}
          </Tooltip>
        )}
        {hover !== null && hoveredSection >= 0 && (
          <Tooltip aria-hidden="true" style={{ left: hover.at.x, top: hover.at.y }}>
            {planText.summary(
              model.sections[hoveredSection]!.name,
              availability.left[hoveredSection]!,
              availability.from[hoveredSection] ?? null,
            )}
          </Tooltip>
        )}
      </Frame>
      {controls}
      {viewFromSeat && viewOpen && (
        <div id={viewPanelId}>
          {viewSeat >= 0 &&
          !hasViewPicture(viewThemes, model.sections[model.section[viewSeat]!]!.level) ? (
            <p>
              <FormattedMessage
                id="seatMap.viewFromSeat.none"
                values={{ level: model.sections[model.section[viewSeat]!]!.level }}
              />
            </p>
          ) : viewSeat >= 0 ? (
            <ViewFromSeat model={model} seat={viewSeat} />
          ) : (
            <p>
              <FormattedMessage id="seatMap.viewFromSeat.choose" />
            </p>
          )}
        </div>
      )}
    </div>
  );
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  height: ${PLAN_FRAME_HEIGHT};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  /* One-finger pan and pinch belong to the map, not to page scrolling. */
  touch-action: none;
  cursor: grab;

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Canvas = styled.canvas`
  display: block;
  width: 100%;
  height: 100%;
`;

const Tooltip = styled.div`
  position: absolute;
  transform: translate(-50%, calc(-100% - 14px));
  max-width: 18rem;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.background};
  font-size: ${({ theme }) => theme.fontSizes.small};
  pointer-events: none;
  white-space: nowrap;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-top: ${({ theme }) => theme.space[2]}px;
`;

const Instructions = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
