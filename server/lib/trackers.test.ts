import { publicTrackers, withTrackerSources } from './trackers';

const csp = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
  },
};

describe('trackers', () => {
  it('leave the Content-Security-Policy and the public config as they are when none is configured', () => {
    expect(withTrackerSources(csp, {})).toBe(csp);
    expect(publicTrackers({})).toEqual({ plausible: null, matomo: null, umami: null });
  });

  it('allow each configured origin once, for scripts, connections and images', () => {
    const out = withTrackerSources(csp, {
      plausible: { scriptUrl: 'https://stats.example.com/js/script.js', domain: 'example.com' },
      umami: { scriptUrl: 'https://stats.example.com/umami.js', websiteId: 'w' },
    });
    expect(out.directives.scriptSrc).toEqual(["'self'", 'https://stats.example.com']);
    expect(out.directives.connectSrc).toEqual(["'self'", 'https://stats.example.com']);
    expect(out.directives.imgSrc).toEqual(["'self'", 'data:', 'https://stats.example.com']);
    expect(out.directives.defaultSrc).toEqual(["'self'"]);
  });
});
