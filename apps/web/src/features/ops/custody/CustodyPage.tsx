import { CheckCircleOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CustodyClass, CustodyCoin } from '@meridian/contract/calls/custody';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { localizeDigits } from '@meridian/core';
import { cx } from '../../../shared/ui/cx.ts';
import { Exact, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { attentionFirst, COLUMN_GROUPS, verdictOf } from './columns.ts';
import { useCustody } from './queries.ts';
import styles from './custody.module.css';

/** An exact figure, faint when zero. */
function Figure({ value }: { value: string }) {
  return <Exact value={value} className={cx(styles.figure, value === '0' && styles.zero)} />;
}

/** Whether custody covers what users are owed, said in words and a mark, not colour alone. */
function Verdict({ coin }: { coin: CustodyCoin }) {
  const { t } = useTranslation('ops');
  const locale = useNumberLocale();
  const verdict = verdictOf(coin);
  if (verdict === 'covered') {
    return (
      <span className={cx(styles.verdict, styles.covered)}>
        <CheckCircleOutlined aria-hidden />
        {t('custody.covered')}
      </span>
    );
  }
  return (
    <span className={cx(styles.verdict, styles[verdict])}>
      <WarningOutlined aria-hidden />
      {verdict === 'short'
        ? t('custody.short', { amount: localizeDigits(coin.shortfall, locale), coin: coin.coin })
        : t('custody.unbalanced', { sum: coin.sum })}
    </span>
  );
}

/**
 * /ops/custody: per coin, the ledger's balances by class, that they sum to zero, and the
 * coins in the platform's wallets against what users hold and wait to withdraw. A coin
 * custody does not cover is marked on its row and listed first.
 */
export default function CustodyPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const custody = useCustody();
  const figure = (cls: CustodyClass) => ({
    key: cls,
    title: t(`custody.classes.${cls}`),
    align: 'right' as const,
    render: (_: unknown, row: CustodyCoin) => <Figure value={row.classes[cls]} />,
  });
  const columns: ColumnsType<CustodyCoin> = [
    { key: 'coin', title: t('custody.coin'), dataIndex: 'coin', fixed: 'left' },
    {
      key: 'check',
      title: t('custody.groups.check'),
      children: [
        {
          key: 'liabilities',
          title: t('custody.liabilities'),
          align: 'right',
          render: (_, row) => <Figure value={row.userLiabilities} />,
        },
        {
          key: 'held',
          title: t('custody.held'),
          align: 'right',
          render: (_, row) => <Figure value={row.custodyHeld} />,
        },
        {
          key: 'verdict',
          title: t('custody.coverage'),
          render: (_, row) => <Verdict coin={row} />,
        },
      ],
    },
    ...COLUMN_GROUPS.map(({ group, classes }) => ({
      key: group,
      title: t(`custody.groups.${group}`),
      children: classes.map(figure),
    })),
    {
      key: 'sum',
      title: t('custody.sum'),
      align: 'right',
      render: (_, row) => <Figure value={row.sum} />,
    },
  ];
  return (
    <>
      <PageTitle
        title={t('custody.title')}
        extra={
          <>
            {custody.data && (
              <span className={styles.asOf}>
                {t('custody.asOf', { time: formatTime(custody.data.asOf) })}
              </span>
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={custody.isFetching}
              onClick={() => void custody.refetch()}
            >
              {t('custody.refresh')}
            </Button>
          </>
        }
      />
      <p className={styles.lead}>{t('custody.lead')}</p>
      <QueryState query={custody} failedTitle={t('custody.failed')} rows={6}>
        {(data) =>
          data.coins.length === 0 ? (
            <EmptyState description={t('custody.empty')} />
          ) : (
            <Table<CustodyCoin>
              rowKey="coin"
              size="small"
              bordered
              pagination={false}
              dataSource={attentionFirst(data.coins)}
              columns={columns}
              scroll={{ x: 'max-content' }}
              rowClassName={(row) => (verdictOf(row) === 'covered' ? '' : styles.shortRow!)}
            />
          )
        }
      </QueryState>
    </>
  );
}
