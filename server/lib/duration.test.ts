import { parseDurationSeconds } from './duration';

describe('parseDurationSeconds', () => {
  it.each([
    ['900', 900],
    ['15m', 900],
    ['12h', 43200],
    ['7d', 604800],
    [' 30 s ', 30],
    ['2H', 7200],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });

  it.each(['', 'soon', '0', '-5m', '1.5h', '10w'])('refuses %j', (text) => {
    expect(parseDurationSeconds(text)).toBeNull();
  });
});
