import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton } from '../../../components/CopyButton';
import { Facts } from '../../../components/Facts';
import { Cards, Code } from './styles';
import '../locale';

// DNSSEC algorithm and DS digest type numbers (IANA registries; RFC 8624 sections 3.1 and 3.3), named as
// registrars' forms name them.
const algorithms: Record<string, string> = {
  '8': 'RSASHA256',
  '10': 'RSASHA512',
  '13': 'ECDSAP256SHA256',
  '14': 'ECDSAP384SHA384',
  '15': 'ED25519',
  '16': 'ED448',
};
const digestTypes: Record<string, string> = { '2': 'SHA-256', '4': 'SHA-384' };
const named = (number: string, names: Record<string, string>) =>
  names[number] ? `${number} (${names[number]})` : number;

const Fields = styled(Facts)`
  margin: 0;
`;

// A value and its copy button, wrapping under it when the line is narrow.
const Copyable = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 12px;
  align-items: center;
  min-width: 0;

  > code {
    min-width: 0;
  }
`;

/**
 * The DS records for the registrar (RFC 4034 section 5.3): each as the line a zone file or an API takes,
 * and split into the four fields most registrars' forms ask for.
 */
export function DsRecords({ zone, ds }: { zone: string; ds: string[] }) {
  const { t } = useTranslation('dns');
  return (
    <Cards as="ul" aria-label={t('dnssec.ds')}>
      {ds.map((record) => {
        const [keyTag = '', algorithm = '', digestType = '', ...rest] = record.split(/\s+/);
        const line = `${zone} IN DS ${record}`;
        const digest = rest.join('');
        return (
          <li key={record}>
            <Copyable>
              <Code>{line}</Code>
              <CopyButton value={line} what={t('dnssec.copyRecord', { digestType })} />
            </Copyable>
            <Fields>
              <dt>{t('dnssec.keyTag')}</dt>
              <dd>{keyTag}</dd>
              <dt>{t('dnssec.algorithm')}</dt>
              <dd>{named(algorithm, algorithms)}</dd>
              <dt>{t('dnssec.digestType')}</dt>
              <dd>{named(digestType, digestTypes)}</dd>
              <dt>{t('dnssec.digest')}</dt>
              <dd>
                <Copyable>
                  <Code>{digest}</Code>
                  <CopyButton value={digest} what={t('dnssec.copyDigest', { digestType })} />
                </Copyable>
              </dd>
            </Fields>
          </li>
        );
      })}
    </Cards>
  );
}
