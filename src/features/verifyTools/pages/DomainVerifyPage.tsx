import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../app/layout/PageFrame';
import { domainCheckResources } from '../domainVerify/domainCheckResources';
import { DomainCheckForm } from '../domainVerify/DomainCheckForm';
import { DomainVerifyResults } from '../domainVerify/DomainVerifyResults';
import { formFromQuery, queryFromForm, systemNames, systemsFor } from '../domainVerify/flags';

const Panel = styled.section`
  padding: 20px;
  background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.lg}px;
`;

const Empty = styled.p`
  margin: 24px 0 0;
  color: ${(p) => p.theme.colors.textMuted};
`;

/**
 * Verify Tools → Domain verify. The query string is the state: submitting the form writes the domain and
 * flags into it, and a URL with a domain runs the check, so a shared link shows the same results.
 */
export function DomainVerifyPage() {
  const { t } = useTranslation('domainVerify');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const form = useMemo(() => formFromQuery(new URLSearchParams(query)), [query]);
  const isLoading = useAppSelector((root) =>
    systemNames.some((s) => domainCheckResources[s].selectors.selectIsLoading(root)),
  );

  useEffect(() => {
    for (const s of systemNames) dispatch(domainCheckResources[s].actions.reset());
    if (!form.domain) return;
    for (const s of systemsFor(form)) dispatch(domainCheckResources[s].actions.request(form.domain));
  }, [dispatch, form]);

  useEffect(
    () => () => {
      for (const s of systemNames) dispatch(domainCheckResources[s].actions.cancel());
    },
    [dispatch],
  );

  return (
    <PageFrame pageId="domainVerify" empty="tool">
      <Panel>
        <DomainCheckForm
          initial={form}
          isLoading={isLoading}
          onSubmit={(next) => {
            const nextQuery = queryFromForm(next);
            // The same link again: run it again (the URL does not change, so no effect would fire).
            if (nextQuery.toString() === query) {
              for (const s of systemsFor(next))
                dispatch(domainCheckResources[s].actions.request(next.domain));
            } else setParams(nextQuery);
          }}
        />
      </Panel>
      {form.domain ? <DomainVerifyResults form={form} /> : <Empty>{t('results.empty')}</Empty>}
    </PageFrame>
  );
}
