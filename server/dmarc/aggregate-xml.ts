import { SaxesParser } from 'saxes';
import { AggregateBuilder } from './aggregate-builder';
import { Rejection } from './limits';
import type { AggregateReport } from './types';
import { pickXmlDecoder } from './xml-decode';
import { scanXml } from './xml-scan';

// Streams an aggregate report through saxes: text is decoded chunk by chunk and only the fields of the
// report are kept, so a 100 MB file never becomes one 100 MB string. saxes has no DTD support at all:
// it neither fetches external entities nor expands declared ones; a DOCTYPE declaring entities is
// rejected outright because no real report has one (it is an XXE or "billion laughs" attempt).
// A report that arrives whole within FAST_MAX bytes is first tried with scanXml, a scanner for the plain
// XML real reports use (saxes costs most of the parse time); anything it does not take goes to saxes.

const HEAD = 512;
const FAST_MAX = 8 * 1024 * 1024;

/** `useScanner` false parses with saxes alone (tests compare the two paths). */
export async function parseAggregateXml(
  chunks: AsyncIterable<Buffer>,
  useScanner = true,
): Promise<AggregateReport> {
  if (!useScanner) return parseWithSaxes(chunks);
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let bytes = 0;
  while (bytes <= FAST_MAX) {
    const next = await iterator.next();
    if (next.done) return scanWhole(head, bytes) ?? parseWithSaxes(replay(head, null));
    head.push(next.value);
    bytes += next.value.length;
  }
  return parseWithSaxes(replay(head, iterator));
}

/** The report from the scanner, or null when the document is not for it. */
function scanWhole(head: Buffer[], bytes: number): AggregateReport | null {
  const all = head.length === 1 ? head[0] : Buffer.concat(head, bytes);
  const picked = pickXmlDecoder(all);
  const text = picked.decoder.decode(all);
  // saxes' path places this warning by chunk, among the other warnings: leave such a document to it.
  if (text.includes('\uFFFD')) return null;
  const builder = new AggregateBuilder();
  if (picked.note) builder.warnings.add(picked.note);
  return scanXml(text, builder) ? builder.finish() : null;
}

/**
 * The chunks already read (let go of as they are passed on), then the rest of the stream, which is
 * stopped as a for-await loop would stop it when parsing ends early.
 */
async function* replay(head: Buffer[], rest: AsyncIterator<Buffer> | null): AsyncGenerator<Buffer> {
  try {
    for (let chunk = head.shift(); chunk !== undefined; chunk = head.shift()) yield chunk;
    if (rest) yield* { [Symbol.asyncIterator]: () => rest };
  } finally {
    await rest?.return?.();
  }
}

async function parseWithSaxes(chunks: AsyncIterable<Buffer>): Promise<AggregateReport> {
  const builder = new AggregateBuilder();
  const parser = new SaxesParser({ xmlns: false, position: false });
  let firstError: string | null = null;
  let replaced = false;

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      throw new Rejection(
        'The XML declares entities in a DOCTYPE (an XXE or entity-expansion attempt); rejected',
        true,
      );
    }
    builder.warnings.add('a DOCTYPE declaration was ignored');
  });
  parser.on('opentag', (tag) => builder.open(tag.name, tag.attributes as Record<string, string>));
  parser.on('text', (t) => builder.addText(t));
  parser.on('cdata', (t) => builder.addText(t));
  parser.on('closetag', () => builder.close());
  parser.on('error', (err) => {
    // Most damage is survivable (a stray '&', a control character, junk after </feedback>); whether the
    // report is usable is decided at the end by whether <feedback> was closed.
    const message = err.message;
    firstError ??= message;
    if (builder.closed) return;
    builder.warnings.add(`XML error ${message}`);
  });

  let decoder: TextDecoder | null = null;
  let head: Buffer[] = [];
  let headBytes = 0;
  const feed = (text: string) => {
    if (!replaced && text.includes('\uFFFD')) {
      replaced = true;
      builder.warnings.add('bytes that are not valid in the declared encoding were replaced');
    }
    if (text.length > 0) parser.write(text);
  };
  const start = () => {
    const first = Buffer.concat(head);
    const picked = pickXmlDecoder(first);
    decoder = picked.decoder;
    if (picked.note) builder.warnings.add(picked.note);
    head = [];
    feed(decoder.decode(first, { stream: true }));
  };

  for await (const chunk of chunks) {
    if (decoder === null) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD) start();
      continue;
    }
    feed((decoder as TextDecoder).decode(chunk, { stream: true }));
  }
  if (decoder === null) start();
  feed((decoder as unknown as TextDecoder).decode());
  parser.close();

  if (!builder.closed && firstError !== null && builder.started) {
    throw new Rejection(`The DMARC report is truncated or damaged: the XML breaks off (${firstError})`);
  }
  return builder.finish();
}
