import type { DayTotals } from '../analytics';
import { Canvas, encodePng, type Rgb } from './png';

// The "messages per day" chart as a PNG, drawn on the server from the same daily totals the console's time
// series shows, because mail clients do not show SVG. Bars only, no text: the figures are in the table
// beside it, so the image needs no fonts and reads the same in every language. Bars of whole pixels.

const W = 600;
const H = 200;
const PAD = 8;
const palette: Rgb[] = [
  [0xff, 0xff, 0xff], // ground
  [0x9e, 0x9e, 0x9e], // axis
  [0x2e, 0x7d, 0x32], // DMARC passed
  [0xc6, 0x28, 0x28], // DMARC failed
];

export function dailyChartPng(days: { day: string; passed: number; failed: number }[]): Buffer {
  const canvas = new Canvas(W, H);
  const base = H - PAD;
  canvas.fill(PAD, base, W - 2 * PAD, 1, 1);
  const max = Math.max(1, ...days.map((d) => d.passed + d.failed));
  const n = Math.max(1, days.length);
  const slot = (W - 2 * PAD) / n;
  const bar = Math.max(1, Math.round(slot * 0.7));
  const height = (v: number) => Math.round((v / max) * (H - 2 * PAD));
  days.forEach((d, i) => {
    const x = Math.round(PAD + i * slot + (slot - bar) / 2);
    // A day with messages shows at least one pixel, so it is told apart from a day without. The parts are
    // cut from the whole bar, so they always add up to it.
    const whole = d.passed + d.failed > 0 ? Math.max(1, height(d.passed + d.failed)) : 0;
    const passed = d.failed === 0 ? whole : Math.min(whole, height(d.passed));
    canvas.fill(x, base - passed, bar, passed, 2);
    canvas.fill(x, base - whole, bar, whole - passed, 3);
  });
  return encodePng(canvas, palette);
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
