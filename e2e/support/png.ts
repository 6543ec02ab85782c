/** Small, real PNGs made on the spot (upload journeys need no fixture files), and screenshots read back. */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGBA PNG of `size` x `size` pixels. */
export function makePng(
  size = 8,
  rgba: [number, number, number, number] = [40, 120, 200, 255],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type RGBA
  // Each row: filter byte 0 (none), then the pixels.
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => rgba).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG of `size` x `size` pixels that does not compress: a colour gradient with per-pixel noise,
 * so 800 px weighs about 2 MB (1.95 MiB), as a big uploaded photo does (issue 15's 2 MB avatar).
 */
export function makeHeavyPng(size = 800): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(6, 9);
  const pixels = Buffer.alloc(size * (size * 4 + 1));
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) & 0x3f;
  };
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    pixels[row] = 0;
    for (let x = 0; x < size; x++) {
      const at = row + 1 + x * 4;
      pixels[at] = Math.min(255, Math.floor((x / size) * 190) + noise());
      pixels[at + 1] = Math.min(255, 60 + noise());
      pixels[at + 2] = Math.min(255, Math.floor((y / size) * 190) + noise());
      pixels[at + 3] = 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A decoded PNG: its size and the RGBA of a pixel. */
export interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number, number];
}

/**
 * Reads a PNG as Chromium's screenshots write it (8 bits per channel, RGB or RGBA, not
 * interlaced), undoing each row's filter (PNG specification, section 9), so a test can judge a
 * screenshot's pixels.
 */
export function readPng(png: Buffer): Pixels {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(`readPng reads 8-bit RGB(A) non-interlaced PNGs only`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? out[y * stride + i - channels]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const add = [0, left, up, (left + up) >> 1, paeth][filter ?? 0] ?? 0;
      out[y * stride + i] = (row[i]! + add) & 0xff;
    }
  }
  return {
    width,
    height,
    at: (x, y) => {
      const i = (Math.round(y) * width + Math.round(x)) * channels;
      return [out[i]!, out[i + 1]!, out[i + 2]!, channels === 4 ? out[i + 3]! : 255];
    },
  };
}
