import type { DomainAnalysisDetail } from './types';
import type { DmarcResult, SmtpResult } from '../verifyTools/domainVerify/types';

// The SPA's types are the contract's (contract/analysis.ts, contract/checks.ts): checked by `npm run
// typecheck`, so a renamed field or a lost link between `system` and its result breaks the build.
describe('the analysis detail type', () => {
  it('ties the stored result to the system that names it', () => {
    const detail = {
      system: 'dmarc',
      result: null,
    } as unknown as DomainAnalysisDetail['attributes'];
    if (detail.system === 'dmarc') expectTypeOf(detail.result).toEqualTypeOf<DmarcResult | null>();
    if (detail.system === 'smtp') expectTypeOf(detail.result).toEqualTypeOf<SmtpResult | null>();
    expectTypeOf<DmarcResult['orgDomain']>().toEqualTypeOf<string>();
    expect(detail.system).toBe('dmarc');
  });
});
