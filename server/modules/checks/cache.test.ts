import { describe, expect, it } from 'vitest';
import { createResultCache } from './cache';

describe('createResultCache', () => {
  it('runs identical concurrent work once and reuses the result until it expires', async () => {
    let clock = 1_000;
    const cache = createResultCache<number>(60, 10, () => clock);
    let runs = 0;
    const work = async () => ++runs;
    const [a, b] = await Promise.all([cache.get('k', work), cache.get('k', work)]);
    expect([a.value, b.value, runs]).toEqual([1, 1, 1]);
    expect(b.cached).toBe(true);
    clock += 59_000;
    expect((await cache.get('k', work)).cached).toBe(true);
    clock += 2_000;
    expect(await cache.get('k', work)).toMatchObject({ value: 2, cached: false });
  });

  it('does not keep failures, and evicts the oldest entry beyond the bound', async () => {
    const cache = createResultCache<string>(60, 2);
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toMatchObject({ value: 'ok', cached: false });
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect((await cache.get('x', async () => 'again')).value).toBe('again');
  });

  it('caches nothing with a time to live of 0', async () => {
    const cache = createResultCache<number>(0);
    let runs = 0;
    await cache.get('k', async () => ++runs);
    await cache.get('k', async () => ++runs);
    expect(runs).toBe(2);
  });
});
