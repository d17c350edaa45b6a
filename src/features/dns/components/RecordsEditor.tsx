import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Pager } from '../../../components/Pager';
import { TonePill } from '../../../components/TonePill';
import { StackedTable } from '../../../components/StackedTable';
import { Button, PrimaryButton } from '../../../components/Button';
import { Muted } from '../../../components/Text';
import { SearchForm, Toolbar } from '../../../components/Toolbar';
import { TableWrap } from '../../../components/Table';
import { changesOf, keyOf, rowsOf, typesByName, type Edits, type Row } from '../changeSet';
import type { Rrset, Zone } from '../dnsApi';
import { relativeName } from '../validate';
import { ReviewModal } from './ReviewModal';
import { actionTone } from './RrsetChange';
import { RrsetModal } from './RrsetModal';
import { Actions, Code, FieldError, Hint } from './styles';
import '../locale';

const pageSize = 50;

// On a phone each rrset is a card: its name, the row's header, is the card's title.
const RecordsTable = styled(StackedTable)`
  @media (max-width: 640px) {
    th[scope='row'] {
      display: block;
      padding: 4px 0;
      border: none;
    }
  }
`;

const Records = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    overflow-wrap: anywhere;
  }
`;

export type Problems = Record<string, { message: string; record: number | null }[]>;
type Props = {
  zone: Zone;
  edits: Edits;
  onEdits: (edits: Edits) => void;
  problems: Problems;
  onProblems: (problems: Problems) => void;
};
type Editing = { original: Rrset | null } | null;

/**
 * The zone's rrsets by name and type, SOA never shown. Edits stay in the page until "Review and apply"
 * sends them, only the touched rrsets, in one change set.
 */
export function RecordsEditor({ zone, edits, onEdits, problems, onProblems }: Props) {
  const { t } = useTranslation('dns');
  const [editing, setEditing] = useState<Editing>(null);
  const [reviewing, setReviewing] = useState(false);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => rowsOf(zone.rrsets, edits), [zone.rrsets, edits]);
  const changes = useMemo(() => changesOf(zone.rrsets, edits), [zone.rrsets, edits]);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) => r.rrset.name.includes(needle) || r.rrset.type.toLowerCase() === needle)
    : rows;
  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pageCount);
  const visible = shown.slice((current - 1) * pageSize, current * pageSize);

  const edit = (key: string, rrset: Rrset | null) => onEdits({ ...edits, [key]: rrset });
  const undo = (key: string) => {
    const rest = { ...edits };
    delete rest[key];
    onEdits(rest);
  };
  const live = (row: Row) => row.state !== 'removed';
  const exists = (key: string) => rows.some((r) => r.key === key && live(r));
  const typesAt = (name: string, except: string | null) =>
    (typesByName(zone.rrsets, edits).get(name) ?? []).filter((type) => keyOf({ name, type }) !== except);

  const nameOf = (r: Rrset) => relativeName(r.name, zone.name);
  return (
    <section aria-labelledby="dns-records-title">
      <h2 id="dns-records-title" className="visually-hidden">
        {t('records.title')}
      </h2>
      <Toolbar>
        <SearchForm role="search" aria-label={t('records.filter')} onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="dns-records-filter">
            {t('records.filter')}
            <input
              id="dns-records-filter"
              type="search"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(1);
              }}
            />
          </label>
        </SearchForm>
        <Actions>
          <Button type="button" onClick={() => setEditing({ original: null })}>
            {t('records.add')}
          </Button>
          {changes.length > 0 && (
            <Button type="button" onClick={() => onEdits({})}>
              {t('records.discard')}
            </Button>
          )}
          <PrimaryButton type="button" disabled={changes.length === 0} onClick={() => setReviewing(true)}>
            {t('records.review', { count: changes.length })}
          </PrimaryButton>
        </Actions>
      </Toolbar>
      <Hint role="status">{changes.length > 0 ? t('records.pending', { count: changes.length }) : ''}</Hint>
      {rows.length === 0 ? (
        <p>{t('records.empty')}</p>
      ) : (
        <TableWrap>
          <RecordsTable aria-label={t('records.caption', { zone: zone.name })}>
            <thead>
              <tr>
                <th scope="col">{t('records.name')}</th>
                <th scope="col">{t('records.type')}</th>
                <th scope="col">{t('records.ttl')}</th>
                <th scope="col">{t('records.content')}</th>
                <th scope="col">{t('records.state')}</th>
                <th scope="col">{t('records.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row, i) => {
                const r = row.rrset;
                const label = `${nameOf(r)} ${r.type}`;
                const sameName = i > 0 && visible[i - 1]!.rrset.name === r.name;
                return (
                  <tr key={row.key} data-rrset={row.key}>
                    <th
                      scope="row"
                      data-label={t('records.name')}
                      style={{ overflowWrap: 'anywhere', fontWeight: 500 }}
                    >
                      {sameName ? <Muted>{nameOf(r)}</Muted> : nameOf(r)}
                    </th>
                    <td data-label={t('records.type')}>{r.type}</td>
                    <td data-label={t('records.ttl')}>{r.ttl}</td>
                    <td data-label={t('records.content')}>
                      <Records>
                        {r.records.map((x) => (
                          <li key={x.content}>
                            <Code
                              style={row.state === 'removed' ? { textDecoration: 'line-through' } : undefined}
                            >
                              {x.content}
                            </Code>
                            {x.disabled && <Muted> ({t('records.disabled')})</Muted>}
                          </li>
                        ))}
                        {r.comments.map((c) => (
                          <li key={`#${c.content}`}>
                            <Muted># {c.content}</Muted>
                          </li>
                        ))}
                      </Records>
                      {(problems[row.key] ?? []).map((p) => (
                        <FieldError key={p.message} role="alert">
                          {p.message}
                        </FieldError>
                      ))}
                    </td>
                    <td data-label={t('records.state')}>
                      {row.state === 'same' ? (
                        <Muted>{t('records.unchanged')}</Muted>
                      ) : (
                        <TonePill $tone={actionTone[row.state]}>{t(`actions.${row.state}`)}</TonePill>
                      )}
                    </td>
                    <td data-label={t('records.actions')}>
                      <Actions>
                        {row.state !== 'removed' && (
                          <Button
                            type="button"
                            onClick={() => setEditing({ original: r })}
                            aria-label={t('records.editOf', { name: label })}
                          >
                            {t('records.edit')}
                          </Button>
                        )}
                        {row.state !== 'removed' && (
                          <Button
                            type="button"
                            onClick={() => edit(row.key, null)}
                            aria-label={t('records.deleteOf', { name: label })}
                          >
                            {t('records.delete')}
                          </Button>
                        )}
                        {row.state !== 'same' && (
                          <Button
                            type="button"
                            onClick={() => undo(row.key)}
                            aria-label={t('records.undoOf', { name: label })}
                          >
                            {t('records.undo')}
                          </Button>
                        )}
                      </Actions>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </RecordsTable>
        </TableWrap>
      )}
      {shown.length > pageSize && (
        <Pager
          page={current}
          pageCount={pageCount}
          count={shown.length}
          onPage={setPage}
          label={t('records.paging')}
        />
      )}
      {editing && (
        <RrsetModal
          zone={zone.name}
          original={editing.original}
          exists={exists}
          typesAt={(name) => typesAt(name, editing.original ? keyOf(editing.original) : null)}
          serverProblems={editing.original ? (problems[keyOf(editing.original)] ?? []) : []}
          onClose={() => setEditing(null)}
          onSave={(rrset) => {
            edit(keyOf(rrset), rrset);
            setEditing(null);
          }}
        />
      )}
      {reviewing && (
        <ReviewModal
          zone={zone}
          changes={changes}
          onClose={() => setReviewing(false)}
          onApplied={() => {
            setReviewing(false);
            onEdits({});
            onProblems({});
          }}
          onProblems={onProblems}
        />
      )}
    </section>
  );
}
