import { renderDigest } from './render';

// The digest's HTML carries names people typed (the digest's, the organization's): they show as text.

const quiet = { messages: 0, dmarc: 0, spf: 0, dkim: 0 };
const figures = {
  period: { begin: '2026-11-01', end: '2026-11-30', key: '2026-11' },
  previous: { begin: '2026-10-01', end: '2026-10-31', key: '2026-10' },
  domains: [],
  total: quiet,
  totalBefore: quiet,
  lines: [],
  days: [],
  checks: null,
  alerts: [],
  ips: null,
  senders: null,
};

describe('renderDigest', () => {
  it('escapes every HTML-special character of a name, the apostrophe too', () => {
    const { html, text } = renderDigest({
      name: `<img src=x onerror="alert(1)"> O'Brien & Co`,
      organization: `Acme's "<b>ops</b>"`,
      figures,
      language: 'en',
      late: false,
      consoleLink: 'https://console.example/msas/',
      unsubscribeLink: `https://console.example/unsubscribe?t=a&b="c'`,
    });
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#39;Brien &amp; Co');
    expect(html).toContain('Acme&#39;s &quot;&lt;b&gt;ops&lt;/b&gt;&quot;');
    expect(html).toContain('href="https://console.example/unsubscribe?t=a&amp;b=&quot;c&#39;"');
    expect(html).not.toContain('<img src=x');
    expect(text).toContain(`O'Brien & Co`);
  });
});
