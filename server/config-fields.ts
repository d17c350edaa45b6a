import { z } from 'zod';
import { parseDurationSeconds } from './lib/duration';

// The kinds of value a setting takes, each naming the variable in its error.
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const looseEmail = /^[^\s@]+@[^\s@]+$/;

export const port = (fallback?: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: 'expected a number between 1 and 65535' });
        return z.NEVER;
      }
      return n;
    });

export const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'expected a whole number of at least 1' });
        return z.NEVER;
      }
      return n;
    });

export const wholeNumber = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'expected a whole number (0 or more)' });
        return z.NEVER;
      }
      return n;
    });

export const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const seconds = parseDurationSeconds(v === undefined || v === '' ? fallback : v);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration such as 900, 15m, 12h or 7d' });
        return z.NEVER;
      }
      return seconds;
    });

export const flag = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? '').trim().toLowerCase();
    if (text === '' || ['false', '0', 'no', 'off'].includes(text)) return false;
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    ctx.addIssue({ code: 'custom', message: 'expected true or false' });
    return z.NEVER;
  });

export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const email = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? fallback : v.trim()))
    .refine((v) => looseEmail.test(v), 'expected an email address');

export const url = (protocols: string[], what: string) =>
  optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `expected ${what}`);

export const secret = (min: number) =>
  optionalText.refine((v) => v === undefined || v.length >= min, `expected at least ${min} characters`);
