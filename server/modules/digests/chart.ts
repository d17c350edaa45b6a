import { Resvg } from '@resvg/resvg-js';
import type { DayTotals } from '../analytics';

// The "messages per day" chart as a PNG: drawn as SVG from the same daily totals the console's time series
// shows, rasterised on the server (resvg) because mail clients do not show SVG. Bars only, no text: the
// figures are in the table beside it, so the image needs no fonts and reads the same in every language.

const W = 600;
const H = 200;
const PAD = 8;

export function dailyChartSvg(days: { day: string; passed: number; failed: number }[]): string {
  const max = Math.max(1, ...days.map((d) => d.passed + d.failed));
  const n = Math.max(1, days.length);
  const slot = (W - 2 * PAD) / n;
  const bar = Math.max(1, slot * 0.7);
  const scale = (v: number) => (v / max) * (H - 2 * PAD);
  const rects = days.map((d, i) => {
    const x = (PAD + i * slot + (slot - bar) / 2).toFixed(1);
    const hp = scale(d.passed);
    const hf = scale(d.failed);
    const yp = H - PAD - hp;
    const yf = yp - hf;
    return (
      `<rect x="${x}" y="${yp.toFixed(1)}" width="${bar.toFixed(1)}" height="${hp.toFixed(1)}" fill="#2e7d32"/>` +
      `<rect x="${x}" y="${yf.toFixed(1)}" width="${bar.toFixed(1)}" height="${hf.toFixed(1)}" fill="#c62828"/>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/>` +
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#9e9e9e"/>` +
    rects.join('') +
    '</svg>'
  );
}

// The same report goes to every recipient of a schedule: its chart is rasterised once.
let last: { svg: string; png: Buffer } | null = null;

export function svgToPng(svg: string): Buffer {
  if (last?.svg !== svg)
    last = { svg, png: new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng() };
  return last.png;
}

/** One bar per day of the period (days without data are 0), as the console's time series. */
export function chartDays(begin: string, end: string, days: DayTotals[]) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: { day: string; passed: number; failed: number }[] = [];
  for (let t = Date.parse(begin); t <= Date.parse(end); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(day);
    out.push({ day, passed: d?.dmarc_passed ?? 0, failed: d?.dmarc_failed ?? 0 });
  }
  return out;
}
