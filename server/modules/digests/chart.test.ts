import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dailyChartPng } from './chart';

// The chart is read back the way an image viewer would: chunks and their CRCs, the header, the palette,
// the inflated scanlines; then the bars are measured in pixels.

type Decoded = {
  width: number;
  height: number;
  palette: number[][];
  pixel: (x: number, y: number) => number;
};

function decode(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const chunks = new Map<string, Buffer>();
  const order: string[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(
      crc32(png.subarray(at + 4, at + 8 + length)),
    );
    chunks.set(type, data);
    order.push(type);
    at += 12 + length;
  }
  expect(order).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
  const ihdr = chunks.get('IHDR')!;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  // 2 bits a pixel, indexed colour, deflate, standard filters, no interlace.
  expect([...ihdr.subarray(8)]).toEqual([2, 3, 0, 0, 0]);
  const plte = chunks.get('PLTE')!;
  const palette = Array.from({ length: plte.length / 3 }, (_, i) => [...plte.subarray(i * 3, i * 3 + 3)]);
  const raw = inflateSync(chunks.get('IDAT')!);
  const stride = 1 + Math.ceil(width / 4);
  expect(raw.length).toBe(stride * height);
  for (let y = 0; y < height; y++) expect(raw[y * stride], 'filter type').toBe(0);
  const pixel = (x: number, y: number) => (raw[y * stride + 1 + (x >> 2)] >> (6 - 2 * (x & 3))) & 3;
  return { width, height, palette, pixel };
}

const colour = (d: Decoded, x: number, y: number) => d.palette[d.pixel(x, y)].join(',');
const green = '46,125,50';
const red = '198,40,40';
const white = '255,255,255';

/** From the axis up, how many pixels of each colour a column has. */
function column(d: Decoded, x: number) {
  const counts: Record<string, number> = {};
  for (let y = 0; y < d.height; y++) counts[colour(d, x, y)] = (counts[colour(d, x, y)] ?? 0) + 1;
  return counts;
}

describe('the daily chart PNG', () => {
  const days = [
    { day: '2026-06-01', passed: 300, failed: 100 },
    { day: '2026-06-02', passed: 0, failed: 0 },
    { day: '2026-06-03', passed: 50, failed: 150 },
    { day: '2026-06-04', passed: 1, failed: 0 },
  ];
  const d = decode(dailyChartPng(days));

  it('is a 600 × 200 image with a white ground and a grey axis', () => {
    expect([d.width, d.height]).toEqual([600, 200]);
    expect(colour(d, 0, 0)).toBe(white);
    expect(colour(d, 300, 192)).toBe('158,158,158');
    expect(colour(d, 300, 193)).toBe(white);
  });

  it('draws each day as a bar of passed (green) under failed (red), scaled to the largest day', () => {
    // Four slots of 146 px from x = 8; bars of 102 px centred in them.
    const centre = (i: number) => Math.round(8 + i * 146 + 73);
    // The largest day (400) fills the 184 px between the paddings: 138 green, 46 red.
    expect(column(d, centre(0))).toMatchObject({ [green]: 138, [red]: 46 });
    expect(column(d, centre(1))[green] ?? 0).toBe(0);
    expect(column(d, centre(1))[red] ?? 0).toBe(0);
    // 200 of 400: 92 px in all, 23 of them green.
    expect(column(d, centre(2))).toMatchObject({ [green]: 23, [red]: 69 });
    // A day with one message still shows: one pixel (0.46 rounded would be none).
    expect(column(d, centre(3))).toMatchObject({ [green]: 1 });
    expect(column(d, centre(3))[red] ?? 0).toBe(0);
    // Bars stand on the axis: the pixel just above it is the bar's.
    expect(colour(d, centre(0), 191)).toBe(green);
    expect(colour(d, centre(0), 191 - 138)).toBe(red);
    // Between bars, the ground.
    expect(colour(d, 8 + 146, 150)).toBe(white);
  });

  it('draws nothing but the axis for an empty period', () => {
    const empty = decode(dailyChartPng([{ day: '2026-06-01', passed: 0, failed: 0 }]));
    expect(column(empty, 300)).toEqual({ [white]: 199, '158,158,158': 1 });
  });
});
