import { SaxesParser } from 'saxes';
import { parseAggregateXml } from '../aggregate-xml';
import { scanXml, type XmlSink } from '../xml-scan';

// Test helpers comparing the XML scanner with saxes: their events, and parseAggregateXml's outcome through
// the scanner and through saxes alone.

export type Event =
  ['open', string, Record<string, string>] | ['text', string] | ['close'] | ['other', string];

export const recorder = (): XmlSink & { events: Event[] } => {
  const events: Event[] = [];
  return {
    events,
    open: (name, attributes) => events.push(['open', name, { ...attributes }]),
    addText: (t) => events.push(['text', t]),
    close: () => events.push(['close']),
  };
};

/** The events saxes gives, set up as in aggregate-xml.ts, and its first error. */
export function saxesEvents(text: string): { events: Event[]; error: string | null } {
  const events: Event[] = [];
  let error: string | null = null;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (t) => events.push(['open', t.name, { ...(t.attributes as Record<string, string>) }]));
  parser.on('text', (t) => events.push(['text', t]));
  parser.on('cdata', (t) => events.push(['text', t]));
  parser.on('closetag', () => events.push(['close']));
  parser.on('doctype', (d) => events.push(['other', d]));
  parser.on('processinginstruction', (p) => events.push(['other', p.target]));
  parser.on('error', (e) => (error ??= e.message));
  parser.write(text).close();
  return { events, error };
}

/** Scans text; when the scanner takes it, checks its events against saxes'. */
export function scanned(text: string, label = ''): boolean {
  const sink = recorder();
  if (!scanXml(text, sink)) return false;
  const reference = saxesEvents(text);
  expect(reference.error, label).toBeNull();
  expect(sink.events, label).toStrictEqual(reference.events);
  return true;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    (report) => ({ report: JSON.stringify(report) }),
    (err: Error) => ({ rejected: err.message }),
  );

async function* chunked(buf: Buffer, size: number) {
  for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
}

/** The same document through both paths, fed in chunks of `size` bytes. */
export async function bothWays(buf: Buffer, size = 65536) {
  const fast = await outcome(parseAggregateXml(chunked(buf, size), true));
  const slow = await outcome(parseAggregateXml(chunked(buf, size), false));
  return { fast, slow };
}
