import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { SpfTreeNode } from './types';

const Tree = styled.ul`
  margin: 4px 0 0;
  padding-left: 18px;
  border-left: 1px dashed ${(p) => p.theme.colors.border};
  list-style: none;
`;

const Node = styled.li`
  margin: 6px 0;
  code {
    word-break: break-all;
  }
`;

const Kind = styled.span`
  margin-right: 6px;
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 0.8rem;
  text-transform: uppercase;
`;

type Props = { node: SpfTreeNode; kind?: 'include' | 'redirect' };

/** The SPF include tree: each record with its includes and redirect below it. */
export function SpfTree({ node, kind }: Props) {
  const { t } = useTranslation('domainVerify');
  const children = [
    ...(node.include ?? []).map((n) => ({ n, k: 'include' as const })),
    ...(node.redirect ? [{ n: node.redirect, k: 'redirect' as const }] : []),
  ];
  return (
    <Tree>
      <Node>
        {kind && <Kind>{t(`spf.${kind}`)}</Kind>}
        <strong>{node.domain}</strong>
        {!node.valid && <em> {t('spf.invalid')}</em>}
        <div>
          <code>{node.record ?? node.error ?? t('spf.noRecord')}</code>
        </div>
        {children.map(({ n, k }, i) => (
          <SpfTree key={`${k}-${n.domain}-${i}`} node={n} kind={k} />
        ))}
      </Node>
    </Tree>
  );
}
