import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from '../../contract/operation';
import { domainOps } from '../../contract/operations/domains';
import { call, urlOf } from './call';

describe('urlOf', () => {
  it('puts path parameters in, encoded, and the set query values after the path', () => {
    expect(urlOf(domainOps.delete, { params: { name: 'a b/c.example' }, query: { zones: 'delete' } })).toBe(
      '/api/dm/domains/a%20b%2Fc.example/delete/?zones=delete',
    );
    expect(urlOf(domainOps.listV2, { query: { page: 1, page_size: 100, search: '' } })).toBe(
      '/api/dm/v2/domains/?page=1&page_size=100',
    );
  });

  it('refuses a call without a path parameter the path needs', () => {
    expect(() => urlOf(domainOps.verify, {})).toThrow(/no value for id/);
  });
});

// What `npm run typecheck` refuses: each call below is a type error, and the typecheck fails if one stops
// being one. Never run: the calls would go out.
function typeErrors() {
  // @ts-expect-error the schema names `thing`, the path `{id}`
  operation({
    method: 'GET',
    path: '/api/dm/things/{id}/',
    tag: 'things',
    summary: 'A path parameter its schema does not name',
    auth: 'bearer',
    params: z.object({ thing: z.number() }),
    responses: { 200: z.null() },
    errors: [],
  });
  // @ts-expect-error verify needs its `id`
  void call(domainOps.verify);
  // @ts-expect-error `name` is not a parameter of verify's path
  void call(domainOps.verify, { params: { name: 'example.org' } });
  // @ts-expect-error listV2 takes no body
  void call(domainOps.listV2, { body: { name: 'example.org' } });
  // @ts-expect-error `pagesize` is not a key of the list's query
  void call(domainOps.listV2, { query: { pagesize: 10 } });
}

it('keeps its type errors to the typecheck', () => {
  expect(typeErrors).toBeTypeOf('function');
});
