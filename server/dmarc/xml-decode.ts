// Picks a text decoder for an XML byte stream: byte order mark first, then the XML declaration's
// encoding (XML 1.0 appendix F), UTF-8 otherwise. Invalid bytes become U+FFFD instead of failing.

export type XmlDecoder = { decoder: TextDecoder; note: string | null };

export const pickXmlDecoder = (head: Buffer): XmlDecoder => {
  if (head[0] === 0xff && head[1] === 0xfe) return { decoder: new TextDecoder('utf-16le'), note: null };
  if (head[0] === 0xfe && head[1] === 0xff) return { decoder: new TextDecoder('utf-16be'), note: null };
  const decl = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(
    head
      .subarray(0, 300)
      .toString('latin1')
      .replace(/^\uFEFF|^\xEF\xBB\xBF/, ''),
  );
  const label = decl?.[1]?.toLowerCase();
  if (!label || label === 'utf-8' || label === 'utf8')
    return { decoder: new TextDecoder('utf-8'), note: null };
  // A declared UTF-16 without a byte order mark is almost always a mislabelled UTF-8 file.
  if (label.startsWith('utf-16'))
    return { decoder: new TextDecoder('utf-8'), note: `encoding ${label} read as UTF-8` };
  try {
    return { decoder: new TextDecoder(label), note: null };
  } catch {
    return {
      decoder: new TextDecoder('utf-8'),
      note: `unknown encoding ${JSON.stringify(label)} read as UTF-8`,
    };
  }
};
