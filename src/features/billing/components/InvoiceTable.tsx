import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { TonePill, type PillTone } from '../../../components/TonePill';
import { TableWrap } from '../../../components/Table';
import { StackedTable } from '../../../components/StackedTable';
import type { Invoice } from '../billingApi';
import { formatDate, formatMoney } from '../format';
import '../locale';

const tones: Record<string, PillTone> = {
  paid: 'success',
  open: 'warning',
  draft: 'textMuted',
  void: 'textMuted',
  uncollectible: 'error',
};

/** Invoices as Stripe keeps them: number, date, amount, status and its PDF (and hosted page). */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <TableWrap>
      <StackedTable>
        <caption className="visually-hidden">{t('invoices.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('invoices.number')}</th>
            <th scope="col">{t('invoices.date')}</th>
            <th scope="col" className="number">
              {t('invoices.amount')}
            </th>
            <th scope="col">{t('invoices.status')}</th>
            <th scope="col">{t('invoices.document')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const a = invoice.attributes;
            const number = a.number ?? t('invoices.draftNumber');
            const amount = a.status === 'paid' ? a.amountPaid : a.amountDue;
            return (
              <tr key={invoice.id}>
                <td data-label={t('invoices.number')} style={{ whiteSpace: 'nowrap' }}>
                  {number}
                </td>
                <td data-label={t('invoices.date')}>{formatDate(a.created, i18n.language)}</td>
                <td className="number" data-label={t('invoices.amount')}>
                  {formatMoney(amount, a.currency, i18n.language)}
                </td>
                <td data-label={t('invoices.status')}>
                  <TonePill $tone={tones[a.status] ?? 'textMuted'}>{t(`invoiceStatus.${a.status}`)}</TonePill>
                </td>
                <td data-label={t('invoices.document')}>
                  <span>
                    {[
                      {
                        href: a.invoicePdf,
                        text: t('invoices.pdf'),
                        label: t('invoices.pdfLabel', { number }),
                      },
                      {
                        href: a.hostedInvoiceUrl,
                        text: t('invoices.view'),
                        label: t('invoices.viewLabel', { number }),
                      },
                    ]
                      .filter((link) => link.href)
                      .map((link, index) => (
                        <Fragment key={link.text}>
                          {index > 0 && ' · '}
                          {/* Stripe's own pages open in a new tab: the console stays where it was. */}
                          <a
                            href={link.href ?? undefined}
                            target="_blank"
                            rel="noreferrer"
                            aria-label={link.label}
                          >
                            {link.text}
                          </a>
                        </Fragment>
                      ))}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </StackedTable>
    </TableWrap>
  );
}
