import { describe, expect, it } from 'vitest';
import { catalogueT } from '../../../tests/support/catalogue-t';
import pt from '../../../locales/pt/dns.json';
import { serverText } from '../../../src/features/dns/serverText';
import { lexMessages } from './bind-lexer';
import { parseMessages } from './bind-parse';
import { messages } from './validate';

// The DNS pages word the server's messages about records and zone files in the reader's language by finding
// them in the en catalogue (src/features/dns/serverText.ts): a message changed here without its entry there
// would reach a Portuguese reader in English.

const inPt = catalogueT(pt);
const say = (message: string) => serverText(inPt as never, message, 'pt');

const fixed = (group: Record<string, unknown>) =>
  Object.entries(group).filter((e): e is [string, string] => typeof e[1] === 'string');

describe('server DNS messages in the catalogue', () => {
  it('has every fixed message of the record checks and the zone file reader', () => {
    for (const [name, text] of [...fixed(messages), ...fixed(parseMessages), ...fixed(lexMessages)])
      expect(say(text), `${name}: ${text}`).not.toBe(text);
  });

  it('has the messages with values, which keep their values', () => {
    expect(say(messages.outside('example.com.'))).toBe('O nome deve estar dentro da zona example.com..');
    expect(say(parseMessages.directive('$INCLUDE'))).toBe(
      'A diretiva $INCLUDE não é suportada; use só $ORIGIN e $TTL.',
    );
    expect(say(parseMessages.klass('CH'))).toBe('Só a classe IN é suportada, não CH.');
    expect(say(parseMessages.type('HINFO'))).toMatch(
      /^O tipo HINFO não pode ser importado; use um entre A, /,
    );
    for (const [type, what] of [
      ['A', 'one address'],
      ['NS', 'one host name'],
      ['MX', 'a preference and a host'],
      ['SRV', 'priority, weight, port and target'],
      ['CAA', 'flags, a tag and a value'],
    ] as const)
      expect(say(parseMessages.fields(type, what))).toMatch(new RegExp(`^Um registro ${type} leva `));
    // Counts come back in the reader's format.
    expect(say(parseMessages.tooMany)).toBe('Um arquivo pode ter no máximo 10.000 registros.');
    expect(say(lexMessages.longLine)).toBe('A linha tem mais de 16.384 caracteres.');
  });

  it("leaves a message it does not know (PowerDNS's own) as it came", () => {
    expect(say("Record a.example.com./A '1.2.3': Parsing record content")).toBe(
      "Record a.example.com./A '1.2.3': Parsing record content",
    );
  });
});
