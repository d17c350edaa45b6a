import { z } from 'zod';
import { queryParams } from './queryParams';

const query = z.object({
  page: z.coerce.number().default(1),
  begin_date: z.string().optional(),
  search: z.string().optional(),
});

describe('queryParams', () => {
  it("sends the schema's keys in the order given, leaving out unset and empty values", () => {
    const params = queryParams<typeof query>({ page: 2, begin_date: '2024-05-01', search: '' });
    expect(params.toString()).toBe('page=2&begin_date=2024-05-01');
    expect(query.parse(Object.fromEntries(params))).toEqual({ page: 2, begin_date: '2024-05-01' });
  });

  it('takes only the wire keys', () => {
    // @ts-expect-error beginDate is the SPA's spelling, not the wire's
    expect(queryParams<typeof query>({ page: 1, beginDate: 'x' }).toString()).toBe('page=1&beginDate=x');
  });
});
