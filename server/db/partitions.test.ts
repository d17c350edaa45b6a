import { missingPartition, monthOf, nextMonth, partitionName } from './partitions';

// The month arithmetic and names of the monthly partitions (migration 0042), and which error means a month
// has no partition.

describe('monthly partitions', () => {
  it('finds the month of a day and the month after, across a year', () => {
    expect(monthOf('2026-11-26')).toBe('2026-11-01');
    expect(nextMonth('2026-11-01')).toBe('2026-12-01');
    expect(nextMonth('2026-12-01')).toBe('2027-01-01');
    expect(nextMonth('2024-02-01')).toBe('2024-03-01');
  });

  it('names a partition by table, year and month', () => {
    expect(partitionName('dmarc_records', '2026-01-01')).toBe('dmarc_records_y2026m01');
    expect(partitionName('dmarc_rollups', '2030-12-01')).toBe('dmarc_rollups_y2030m12');
  });

  it("recognises PostgreSQL's no-partition error and no other check violation", () => {
    const err = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(missingPartition(err('23514', 'no partition of relation "dmarc_rollups" found for row'))).toBe(
      true,
    );
    expect(missingPartition(err('23514', 'new row violates check constraint "x"'))).toBe(false);
    expect(missingPartition(err('40001', 'no partition of relation'))).toBe(false);
    expect(missingPartition(null)).toBe(false);
  });
});
