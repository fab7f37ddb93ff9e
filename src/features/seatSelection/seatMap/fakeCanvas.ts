/**
 * jsdom draws nothing: for the seat map's tests, a canvas 2D context that accepts every call and
 * keeps what a test asks about (the fonts text was measured in, the words drawn, the seat discs
 * traced), so the component runs its real drawing code.
 */
export interface CanvasCalls {
  /** Each `font` that text was measured in. */
  measured: Set<string>;
  text: string[];
  arcs: number;
}

export function newCanvasCalls(): CanvasCalls {
  return { measured: new Set(), text: [], arcs: 0 };
}

export function fakeCanvasContext(
  canvas: HTMLCanvasElement,
  calls: CanvasCalls,
): CanvasRenderingContext2D {
  const settings = new Map<string | symbol, unknown>();
  const handler: ProxyHandler<object> = {
    get: (_target, key) => {
      if (key === 'canvas') return canvas;
      // Seven pixels a character: enough for the labels' fitting rules to act on.
      if (key === 'measureText') {
        return (text: string) => {
          calls.measured.add(String(settings.get('font')));
          return { width: text.length * 7 };
        };
      }
      if (key === 'fillText') return (text: string) => calls.text.push(text);
      if (key === 'arc') return () => (calls.arcs += 1);
      if (key === 'createImageData') {
        return (width: number, height: number) => ({
          width,
          height,
          data: new Uint8ClampedArray(width * height * 4),
        });
      }
      return settings.has(key) ? settings.get(key) : () => undefined;
    },
    set: (_target, key, value) => {
      settings.set(key, value);
      return true;
    },
  };
  return new Proxy({}, handler) as CanvasRenderingContext2D;
}

/** Path2D, which jsdom lacks: the map builds section shapes with it. */
export class FakePath2D {
  moveTo() {}
  lineTo() {}
  arc() {}
  rect() {}
  closePath() {}
}
