import { fieldError, type AppError } from '../../lib/errors';

// Sender logos: PNG, JPEG, WebP or GIF, at most 256 KB. The type is read from the file's own signature, never
// from the name or the declared type, and SVG (which can carry script) is refused.

export const maxLogoBytes = 256 * 1024;

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The media types a stored logo is served as (the GET route declares each in the OpenAPI document). */
export const logoTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function imageType(bytes: Buffer): (typeof logoTypes)[number] | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The upload as bytes: a multipart file (a Buffer) or, from JSON clients, a base64 data: URL (RFC 2397). */
function bytesOf(file: unknown): Buffer | null {
  if (Buffer.isBuffer(file)) return file;
  if (typeof file !== 'string') return null;
  const m = /^data:[\w.+/-]*;base64,([A-Za-z0-9+/=\s]*)$/.exec(file);
  return m ? Buffer.from(m[1], 'base64') : null;
}

export function readLogo(file: unknown): { bytes: Buffer; mime: string } | AppError {
  if (file === undefined || file === null || file === '') return fieldError('file', 'no_file');
  const bytes = bytesOf(file);
  if (!bytes || bytes.length === 0) return fieldError('file', 'logo_type');
  if (bytes.length > maxLogoBytes) return fieldError('file', 'logo_size');
  const mime = imageType(bytes);
  return mime ? { bytes, mime } : fieldError('file', 'logo_type');
}
