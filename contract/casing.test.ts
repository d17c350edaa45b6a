import {
  camelCaseKeys,
  snakeCaseKeys,
  toCamelKey,
  toSnakeKey,
  type CamelCased,
  type CamelKey,
  type WireQuery,
} from './casing';
import { z } from 'zod';

describe('camelCaseKeys', () => {
  it('converts snake_case keys deeply, through nested objects and arrays', () => {
    const wire = {
      alerts_email: 'a@example.com',
      has_2_factor_authentication: true,
      benefits: { campaign_recipients: 100, organization_members_limit: 5 },
      groups: [{ group_name: 'x', nested_list: [{ inner_key: 1 }] }],
      trial_end_date: null,
    };
    expect(camelCaseKeys(wire)).toEqual({
      alertsEmail: 'a@example.com',
      has2FactorAuthentication: true,
      benefits: { campaignRecipients: 100, organizationMembersLimit: 5 },
      groups: [{ groupName: 'x', nestedList: [{ innerKey: 1 }] }],
      trialEndDate: null,
    });
  });

  it('keeps year-month keys as they are', () => {
    const wire = { by_month: { '2024-05': { total_count: 3 }, '2024-06': 1 } };
    expect(camelCaseKeys(wire)).toEqual({ byMonth: { '2024-05': { totalCount: 3 }, '2024-06': 1 } });
  });

  it('still converts keys that only look like dates in part', () => {
    expect(toCamelKey('2024-05-01')).toBe('20240501');
    expect(toCamelKey('2024-5')).toBe('20245');
  });

  it('leaves values untouched, including snake_case strings and null', () => {
    expect(camelCaseKeys({ some_key: 'snake_value' })).toEqual({ someKey: 'snake_value' });
    expect(camelCaseKeys(null)).toBeNull();
    expect(camelCaseKeys('plain_string')).toBe('plain_string');
    expect(camelCaseKeys([1, 'a_b', null])).toEqual([1, 'a_b', null]);
  });

  it('keeps leading and trailing underscores', () => {
    expect(toCamelKey('__all__')).toBe('__all__');
  });

  it('does not walk into non-plain objects', () => {
    const blob = new Blob(['x']);
    expect(camelCaseKeys({ file_data: blob })).toEqual({ fileData: blob });
  });
});

describe('snakeCaseKeys', () => {
  it('converts camelCase keys for request bodies, keeping year-month keys', () => {
    expect(
      snakeCaseKeys({ layoutTheme: 'carrierTheme', nested: [{ currentPassword: 'x' }], '2024-05': 1 }),
    ).toEqual({
      layout_theme: 'carrierTheme',
      nested: [{ current_password: 'x' }],
      '2024-05': 1,
    });
    expect(toSnakeKey('alreadySnake_case')).toBe('already_snake_case');
  });
});

describe('CamelCased (the type-level twin)', () => {
  it('names the keys the runtime mapping produces', () => {
    const wire = {
      verified_at: 'x',
      has_2_factor_authentication: true,
      page_size: 20,
      items: [{ txt_name: 'n' }],
    };
    const mapped: CamelCased<typeof wire> = camelCaseKeys(wire);
    expectTypeOf(mapped).toEqualTypeOf<{
      verifiedAt: string;
      has2FactorAuthentication: boolean;
      pageSize: number;
      items: { txtName: string }[];
    }>();
    expect(Object.keys(mapped).sort()).toEqual([
      'has2FactorAuthentication',
      'items',
      'pageSize',
      'verifiedAt',
    ]);
    expect(Object.keys(mapped.items[0]!)).toEqual(['txtName']);
  });

  it('converts literal keys like toCamelKey does', () => {
    expectTypeOf<CamelKey<'dmarc_rua'>>().toEqualTypeOf<'dmarcRua'>();
    expectTypeOf<CamelKey<'x-request-id'>>().toEqualTypeOf<'xRequestId'>();
    expectTypeOf<CamelKey<'_private_key'>>().toEqualTypeOf<'_privateKey'>();
    expect([toCamelKey('dmarc_rua'), toCamelKey('x-request-id'), toCamelKey('_private_key')]).toEqual([
      'dmarcRua',
      'xRequestId',
      '_privateKey',
    ]);
  });
});

describe('WireQuery (what the SPA sends)', () => {
  const query = z.object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().optional(),
    begin_date: z.string().optional(),
    ids: z
      .string()
      .transform((v) => v.split(',').map(Number))
      .optional(),
    zone: z.string(),
  });

  it("keeps the input's keys and optionality with the values the server reads, camelCased", () => {
    expectTypeOf<WireQuery<typeof query>>().toEqualTypeOf<{
      page?: number;
      pageSize?: number | undefined;
      beginDate?: string | undefined;
      ids?: number[] | undefined;
      zone: string;
    }>();
  });

  it('goes out as the wire keys the schema accepts once snake_cased', () => {
    const sent: WireQuery<typeof query> = { page: 2, pageSize: 10, beginDate: '2024-05-01', zone: 'a.pt' };
    expect(query.parse(snakeCaseKeys(sent))).toEqual({
      page: 2,
      page_size: 10,
      begin_date: '2024-05-01',
      zone: 'a.pt',
    });
  });
});
