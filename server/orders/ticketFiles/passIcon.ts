import { crc32, deflateSync } from 'node:zlib';

/**
 * The pass's icon (icon.png, 29 × 29 points, and @2x, @3x), which Wallet requires and shows in
 * notifications and on the lock screen: a square in the venue's colour. Venues keep an SVG logo,
 * which Wallet cannot read, so the icon is drawn here as a PNG rather than adding an image
 * library for one flat square.
 */

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size` × `size` PNG filled with `hex` (#rrggbb). */
export function squarePng(size: number, hex: string): Buffer {
  const rgb = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB
  // Each row: filter type 0 (none), then the pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array<Buffer>(size).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icon files a pass carries, keyed by their name in the pass. */
export function passIcons(hex: string): Record<string, Buffer> {
  return {
    'icon.png': squarePng(29, hex),
    'icon@2x.png': squarePng(58, hex),
    'icon@3x.png': squarePng(87, hex),
  };
}
