import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Pager } from '../../../components/Pager';
import { TonePill } from '../../../components/TonePill';
import { StackedTable } from '../../../components/StackedTable';
import { ListState } from '../../../components/ListState';
import { formatDateTime } from '../../../i18n/format';
import { Button, PrimaryButton } from '../../../components/Button';
import { SearchForm, Toolbar } from '../../../components/Toolbar';
import { TableWrap } from '../../../components/Table';
import type { HistoryItem } from '../dnsApi';
import { historyResource, revertResource } from '../dnsResources';
import { nameInZone, relativeName } from '../validate';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { authorLabel } from '../authorLabel';
import { actionTone } from './RrsetChange';
import { RrsetDiff } from './RrsetDiff';
import { Code } from './styles';
import '../locale';

type Props = { zone: string };

/** The spec's history list (date, type, TTL, content), per zone or one name, with each change's diff. */
export function HistoryPanel({ zone }: Props) {
  const { t, i18n } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(historyResource.selectors.selectState);
  const reverting = useAppSelector(revertResource.selectors.selectIsLoading);
  const [draft, setDraft] = useState('');
  const [name, setName] = useState<string | undefined>(undefined);
  const [confirm, setConfirm] = useState<HistoryItem | null>(null);
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  const load = (p: number) => dispatch(historyResource.actions.request({ zone, name, page: p }));

  useEffect(() => {
    dispatch(historyResource.actions.request({ zone, name, page: 1 }));
  }, [dispatch, zone, name]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const typed = draft.trim();
    const placed = typed ? nameInZone(typed, zone) : null;
    setName(placed && 'name' in placed ? placed.name : undefined);
  };
  const revert = () => {
    if (confirm) dispatch(revertResource.actions.request(confirm.changeSet));
    setConfirm(null);
  };

  return (
    <section aria-labelledby="dns-history-title">
      <h2 id="dns-history-title" className="visually-hidden">
        {t('history.title')}
      </h2>
      <Toolbar>
        <SearchForm role="search" aria-label={t('history.byName')} onSubmit={search}>
          <label htmlFor="dns-history-name">
            {t('history.byName')}
            <input
              id="dns-history-name"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <PrimaryButton type="submit">{t('history.show')}</PrimaryButton>
        </SearchForm>
      </Toolbar>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!data}
        isEmpty={(data?.data.length ?? 0) === 0}
        emptyText={t('history.empty')}
        onRetry={() => load(page)}
      >
        <TableWrap>
          <StackedTable aria-label={t('history.caption', { zone })}>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.name')}</th>
                <th scope="col">{t('history.type')}</th>
                <th scope="col">{t('history.ttl')}</th>
                <th scope="col">{t('history.content')}</th>
                <th scope="col">{t('history.who')}</th>
                <th scope="col">{t('history.change')}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.data ?? []).map((item, i, all) => {
                const firstOfSet = i === 0 || all[i - 1]!.changeSet !== item.changeSet;
                return (
                  <tr key={item.id} data-change-set={item.changeSet}>
                    <td data-label={t('history.date')} style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(item.date, i18n.language)}
                    </td>
                    <td data-label={t('history.name')} style={{ overflowWrap: 'anywhere', minWidth: '10ch' }}>
                      {relativeName(item.name, zone)}
                    </td>
                    <td data-label={t('history.type')}>{item.type}</td>
                    <td data-label={t('history.ttl')}>{item.ttl}</td>
                    <td data-label={t('history.content')}>
                      <details>
                        <summary>
                          <Code>{item.content.join(', ') || '—'}</Code>
                        </summary>
                        <RrsetDiff before={item.before} after={item.after} />
                      </details>
                    </td>
                    <td data-label={t('history.who')}>{authorLabel(t, item)}</td>
                    <td data-label={t('history.change')}>
                      {/* One child: on a phone the cell is a grid of label and value, and a second child
                          would fall under the label. */}
                      <div>
                        <TonePill $tone={actionTone[item.action]}>{t(`actions.${item.action}`)}</TonePill>{' '}
                        <span>{t(`kinds.change.${item.kind}`)}</span>
                        {firstOfSet && item.kind !== 'create' && (
                          <div style={{ marginTop: 6 }}>
                            <Button
                              type="button"
                              disabled={reverting}
                              onClick={() => setConfirm(item)}
                              aria-label={t('history.revertOf', { version: item.version })}
                            >
                              {t('history.revert')}
                            </Button>
                          </div>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </StackedTable>
        </TableWrap>
        <Pager
          page={page}
          pageCount={pageCount}
          count={data?.meta.count ?? 0}
          onPage={load}
          label={t('history.paging')}
        />
      </ListState>
      <ConfirmModal
        isOpen={confirm !== null}
        title={t('history.revertTitle')}
        confirm={t('history.revertConfirm')}
        onConfirm={revert}
        onClose={() => setConfirm(null)}
      >
        <p>{t('history.revertText', { version: confirm?.version ?? '' })}</p>
      </ConfirmModal>
    </section>
  );
}
