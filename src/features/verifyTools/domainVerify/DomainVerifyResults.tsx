import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { flagNames, type DomainCheckForm } from './flags';
import { SystemSection } from './SystemSection';

const Section = styled.section`
  margin-top: 28px;
`;

const Grid = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
`;

/** The results of the check in the URL, one section per chosen system, in the form's order. */
export function DomainVerifyResults({ form }: { form: DomainCheckForm }) {
  const { t } = useTranslation('domainVerify');
  const chosen = flagNames.filter((f) => form[f]);
  return (
    <Section aria-labelledby="domain-verify-results">
      <h2 id="domain-verify-results">{t('results.title', { domain: form.domain })}</h2>
      <Grid>
        {chosen.map((flag) => (
          <SystemSection key={flag} flag={flag} />
        ))}
      </Grid>
    </Section>
  );
}
