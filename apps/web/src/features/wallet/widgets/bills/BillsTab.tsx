import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Pagination, Select, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  billReasonSchema,
  getMyBill,
  type Bill,
  type BillReason,
  type WalletType,
} from '@meridian/contract/calls/wallet';
import { downloadCsv } from '../../../../shared/csv.ts';
import { useFormatTime } from '../../../../shared/dates/useFormatTime.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSettings } from '../../../../shared/settings/store.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { Amount } from '../../../../shared/ui/numbers.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { useIsPhone } from '../../../../shared/ui/useIsPhone.ts';
import { billQuery, billsCsv, fetchAllBills, type BillFilters } from '../../model/bills.ts';
import { WALLET_NAMES, WALLET_TYPES } from '../../model/overview.ts';
import { useBills, useWalletAccount } from '../../model/queries.ts';
import styles from '../wallet.module.css';

const PAGE_SIZE = 20;
const REASONS: readonly BillReason[] = billReasonSchema.options;

/** A signed amount as the bill reads it: `+` for money in, `-` for money out. */
function SignedAmount({ bill }: { bill: Bill }) {
  const out = bill.amount.startsWith('-');
  return (
    <span data-direction={out ? 'out' : 'in'}>
      {out ? '−' : '+'}
      <Amount value={out ? bill.amount.slice(1) : bill.amount} unit={bill.coin} />
    </span>
  );
}

/**
 * `/account/wallet/bills` and `/assets/index?key=records`: every posting that moved one
 * of my wallets, with its reason, filtered by coin, type, wallet and days, paged; the
 * export writes every row the filters select, not only the page shown.
 */
export function BillsTab() {
  const { t } = useTranslation('wallet');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const timezone = useSettings((s) => s.timezone);
  const phone = useIsPhone();
  const [filters, setFilters] = useState<BillFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = billQuery(filters, timezone, page, PAGE_SIZE);
  const bills = useBills(query);
  const account = useWalletAccount();
  const coins = account.data?.wallets[0]?.coins.map((c) => c.coin) ?? [];

  const walletName = (code: string) =>
    (WALLET_TYPES as readonly string[]).includes(code)
      ? t(`wallets.${WALLET_NAMES[code as WalletType]}`)
      : code;
  const reasonName = (reason: BillReason) => t(`reasons.${reason}`);
  const time = (ms: number) => formatTime(new Date(ms).toISOString());
  const filter = (next: BillFilters) => {
    setFilters(next);
    setPage(1);
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await fetchAllBills((p, size) =>
        api(getMyBill, { body: billQuery(filters, timezone, p, size) }),
      );
      const csv = billsCsv(rows, {
        header: [
          t('col.time'),
          t('col.coin'),
          t('col.wallet'),
          t('col.reason'),
          t('col.amount'),
          t('col.note'),
          t('col.reference'),
        ],
        time,
        wallet: walletName,
        reason: reasonName,
      });
      downloadCsv(csv, 'bills.csv');
    } catch {
      // The request rules' popup says what failed.
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<Bill> = [
    { key: 'time', title: t('col.time'), render: (_, b) => time(b.time) },
    { key: 'coin', title: t('col.coin'), dataIndex: 'coin' },
    { key: 'wallet', title: t('col.wallet'), render: (_, b) => walletName(b.wallet) },
    { key: 'reason', title: t('col.reason'), render: (_, b) => reasonName(b.reason) },
    {
      key: 'amount',
      title: t('col.amount'),
      align: 'right',
      render: (_, b) => <SignedAmount bill={b} />,
    },
    {
      key: 'note',
      title: t('col.note'),
      render: (_, b) =>
        b.note ? <span>{b.note}</span> : <span className={styles.muted}>{b.reference}</span>,
    },
  ];

  const filtersBar = (
    <div className={styles.filters}>
      <Select<string>
        showSearch
        aria-label={t('filter.coin')}
        value={filters.coin ?? ''}
        options={[
          { value: '', label: t('filter.coin') },
          ...coins.map((c) => ({ value: c, label: c })),
        ]}
        onChange={(coin) => filter({ ...filters, coin: coin || undefined })}
      />
      <Select<BillReason | ''>
        aria-label={t('filter.reason')}
        value={filters.reason ?? ''}
        options={[
          { value: '', label: t('filter.reason') },
          ...REASONS.map((r) => ({ value: r, label: reasonName(r) })),
        ]}
        onChange={(reason) => filter({ ...filters, reason: reason || undefined })}
      />
      <Select<WalletType | ''>
        aria-label={t('filter.wallet')}
        value={filters.wallet ?? ''}
        options={[
          { value: '', label: t('filter.wallet') },
          ...WALLET_TYPES.map((w) => ({ value: w, label: walletName(w) })),
        ]}
        onChange={(wallet) => filter({ ...filters, wallet: wallet || undefined })}
      />
      <DatePicker.RangePicker
        aria-label={t('filter.days')}
        onChange={(range) => {
          const [from, to] = range ?? [];
          filter({
            ...filters,
            days: from && to ? [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] : undefined,
          });
        }}
      />
    </div>
  );

  const filtered = Object.values(filters).some((v) => v !== undefined);
  const data = bills.data;
  let body;
  if (bills.isError && !data) {
    body = (
      <LoadFailed
        title={t('bills.loadFailed')}
        onRetry={() => void bills.refetch()}
        retrying={bills.isFetching}
      />
    );
  } else if (data && data.total === 0) {
    body = filtered ? <EmptyState kind="filtered" /> : <EmptyState description={t('bills.none')} />;
  } else if (phone) {
    body = data ? (
      <>
        <ul className={styles.billList} data-testid="bills">
          {data.list.map((b) => (
            <li key={b.id} className={styles.billItem}>
              <span>
                <strong>{reasonName(b.reason)}</strong> · {walletName(b.wallet)}
              </span>
              <span className={styles.billAmount}>
                <SignedAmount bill={b} />
              </span>
              <span className={styles.muted}>{time(b.time)}</span>
              <span />
              {b.note && <span className={styles.note}>{b.note}</span>}
            </li>
          ))}
        </ul>
        <Pagination
          simple
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          onChange={setPage}
          style={{ marginTop: 12, textAlign: 'center' }}
        />
      </>
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 6 }} />
    );
  } else {
    body = (
      <div className={styles.scroll}>
        <Table<Bill>
          data-testid="bills"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={bills.isPending || (bills.isFetching && bills.isPlaceholderData)}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <Panel
        title={t('bills.title')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data || data.total === 0}
            onClick={() => void exportCsv()}
          >
            {t('bills.export')}
          </Button>
        }
      >
        <div className={styles.stack} style={{ paddingTop: 0 }}>
          {filtersBar}
          {body}
        </div>
      </Panel>
    </div>
  );
}
