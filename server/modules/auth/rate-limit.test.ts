import { failureDelayMs } from './rate-limit';

describe('failureDelayMs', () => {
  it('is free up to the limit, then doubles from 250 ms and stops at 4 s', () => {
    const delays = [0, 3, 4, 5, 6, 7, 8, 9, 50].map((n) => failureDelayMs(n, 3));
    expect(delays).toEqual([0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});
