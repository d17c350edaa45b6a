import { reportXml } from '../../scripts/bench/ingest-corpus';
import { bothWays, recorder, scanned } from './testing/xml-compare';
import { scanXml } from './xml-scan';

// One case for each construct of the subset the scanner takes (its events must be saxes' events) and for
// each thing it must leave to saxes (the outcome must be the same both ways); then the decoding in front
// of it, which must match the streaming decoding of the saxes path.

const doc = (inner: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n') =>
  `${prolog}<feedback>${inner}</feedback>\n`;

describe('the subset the scanner takes', () => {
  const taken: [string, string][] = [
    [
      'an XML declaration with encoding and standalone',
      doc('', "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>"),
    ],
    ['no XML declaration, white space first', ' \r\n<feedback/>'],
    [
      'comments before, inside and after the root',
      `${doc('<!--b-->x<!---->y', '<?xml version="1.0"?><!-- a -->')}<!-- c -->`,
    ],
    ['a CDATA section', doc('<v>a<![CDATA[<&]]]]><![CDATA[]]><![CDATA[\r\n]]>b</v>')],
    ['the five predefined entities', doc('<v>&lt;&gt;&amp;&quot;&apos;</v>')],
    ['character references (§4.1)', doc('<v>&#65;&#x42;&#xe9;&#x1F600;&#13;</v>')],
    ['attributes in both quotes', doc(`<v a="1" b='"' c = "'&amp;" />`)],
    ['a self-closing tag', doc('<v/><w />')],
    ['line ends in text (§2.11)', doc('<v>a\r\nb\rc\nd</v>\r\n')],
    ['attribute value normalisation (§3.3.3)', doc('<v a="x\r\ny\tz\n&#10;&#9;"/>')],
    ['">" and "]" in text and ">" in an attribute', doc('<v a=">">a>b]c]>d</v>')],
    ['characters outside the BMP', doc('<v>\u{1F600}é\u0085\u2028</v>')],
    // The scanner hands out repeated texts and known element names from tables: "Aa" and "BB" share a
    // hash slot; "rxxxxd" has the length and first and last letters of "record".
    ['repeated text pieces with the same hash', doc('<v>Aa</v><v>BB</v><v>Aa</v><v>BB</v><v>Ab</v>')],
    ['names like the report elements', doc('<record>1</record><rxxxxd>2</rxxxxd><d:record/><recordx/>')],
  ];
  for (const [label, text] of taken) {
    it(`takes ${label}, with saxes' events`, () => {
      expect(scanned(text, label)).toBe(true);
    });
  }

  const left: [string, string][] = [
    ['a DOCTYPE', doc('', '<!DOCTYPE feedback>')],
    ['a DOCTYPE declaring entities', doc('<v>&x;</v>', '<!DOCTYPE feedback [<!ENTITY x "y">]>')],
    ['a processing instruction', doc('<?pi data?>')],
    ['an XML declaration not at the start', doc('', ' <?xml version="1.0"?>')],
    ['XML 1.1', doc('', '<?xml version="1.1"?>')],
    ['a malformed XML declaration', doc('', '<?xml encoding="UTF-8"?>')],
    ['an unknown entity', doc('<v>&nbsp;</v>')],
    ['a bare ampersand', doc('<v>a & b</v>')],
    ['an unterminated entity', doc('<v>&amp</v>')],
    ['a malformed character reference', doc('<v>&#x4G;</v>')],
    ['an upper-case X in a character reference', doc('<v>&#X41;</v>')],
    ['a reference to a character XML forbids', doc('<v>&#1;</v>')],
    ['a mismatched close tag', doc('<v></w>')],
    ['a close tag that differs in its last letter', doc('<record></recorx>')],
    ['a close tag longer than its open tag', doc('<record></recordx>')],
    ['an unclosed tag', '<feedback><v>'],
    ['an empty close tag', doc('<v></>')],
    ['a second root', '<feedback/><feedback/>'],
    ['text outside the root', `${doc('')}x`],
    ['a control character (§2.2)', doc('<v>\u0001</v>')],
    ['U+FFFE', doc('<v>\uFFFE</v>')],
    ['an unpaired surrogate', doc('<v>\uD800x</v>')],
    ['"<" in an attribute value', doc('<v a="<"/>')],
    ['a duplicate attribute', doc('<v a="1" a="2"/>')],
    ['an unquoted attribute value', doc('<v a=1/>')],
    ['attributes without white space between them', doc('<v a="1"b="2"/>')],
    ['"]]>" in text (§2.4)', doc('<v>a]]>b</v>')],
    ['"--" inside a comment (§2.5)', doc('<!-- a -- b -->')],
    ['a CDATA section outside the root', `<![CDATA[x]]>${doc('')}`],
    ['a name outside ASCII', doc('<é>x</é>')],
    ['a byte order mark after the decoder', `\uFEFF${doc('')}`],
    ['no root element', '<!-- nothing -->'],
  ];
  for (const [label, text] of left) {
    it(`leaves ${label} to saxes, with the same outcome`, async () => {
      expect(scanXml(text, recorder())).toBe(false);
      const { fast, slow } = await bothWays(Buffer.from(text));
      expect(fast).toStrictEqual(slow);
    });
  }
});

describe('decoding before the scanner', () => {
  const report = reportXml(3, { reports: 10, perReport: 3, distinctIps: false }).replace(
    'Reporter',
    'Répörter',
  );
  const body = report.replace(/^<\?xml[^>]*>/, '');
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
  const cases: [string, Buffer][] = [
    [
      'UTF-16LE with a byte order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(report, 'utf16le')]),
    ],
    ['UTF-16BE with a byte order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(report)])],
    ['UTF-8 with a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(report)])],
    ['a declared ISO-8859-1', Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${body}`, 'latin1')],
    ['a declared UTF-16 that is UTF-8', Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${body}`)],
    ['an unknown encoding', Buffer.from(`<?xml version="1.0" encoding="x-nothing"?>${body}`)],
    ['bytes that are not UTF-8', Buffer.from(report.replace('Répörter', 'R\udcffp'), 'latin1')],
  ];
  for (const [label, bytes] of cases) {
    it(`gives the same report for ${label}, in chunks that split characters`, async () => {
      const { fast, slow } = await bothWays(bytes, 7);
      expect('report' in fast, label).toBe(true);
      expect(fast).toStrictEqual(slow);
    });
  }
});
