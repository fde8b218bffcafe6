import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OpsWithdrawal, WithdrawalReviewDetail } from '@meridian/contract/calls/withdrawals';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { cx } from '../../../shared/ui/cx.ts';
import ui from '../ui/ui.module.css';

/** An exact amount with its coin, every digit the server sent, in tabular figures. */
function Exact({ value, coin }: { value: string; coin: string }) {
  return (
    <span className={cx('num', ui.exact)} data-number="amount">
      {value} {coin}
    </span>
  );
}

/**
 * A withdrawal as the reviewer weighs it: where it goes (the address, or the bound card
 * masked), what leaves, the rule of the user's level it falls under, what the user asked
 * for that day, and their earlier withdrawals.
 */
export function WithdrawalSubmission({ detail }: { detail: WithdrawalReviewDetail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const { withdrawal: w, rule, bankCard } = detail;
  const destination =
    w.way === 'bank'
      ? [
          {
            key: 'card',
            label: t('reviews.withdrawal.card'),
            children: <span className={ui.mono}>{w.address}</span>,
          },
          {
            key: 'bank',
            label: t('reviews.withdrawal.bank'),
            children: bankCard
              ? [bankCard.bankName, bankCard.branch].filter(Boolean).join(' · ')
              : t('reviews.withdrawal.noCard'),
          },
        ]
      : [
          { key: 'network', label: t('reviews.withdrawal.network'), children: w.network },
          {
            key: 'address',
            label: t('reviews.withdrawal.address'),
            children: (
              <span className={ui.mono} style={{ wordBreak: 'break-all' }}>
                {w.address}
              </span>
            ),
          },
        ];
  return (
    <>
      <h3 className={ui.subTitle}>{t('reviews.withdrawal.request')}</h3>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'way',
            label: t('reviews.withdrawal.way'),
            children: t(`reviews.withdrawal.ways.${w.way}`),
          },
          ...destination,
          {
            key: 'amount',
            label: t('reviews.withdrawal.amount'),
            children: <Exact value={w.amount} coin={w.coin} />,
          },
          {
            key: 'fee',
            label: t('reviews.withdrawal.fee'),
            children: <Exact value={w.fee} coin={w.coin} />,
          },
          {
            key: 'level',
            label: t('reviews.withdrawal.level'),
            children: t(`reviews.withdrawal.levels.${detail.level}`),
          },
          {
            key: 'rule',
            label: t('reviews.withdrawal.rule'),
            children: rule ? (
              <span className={cx('num', ui.exact)}>
                {t('reviews.withdrawal.ruleText', {
                  min: rule.minAmount,
                  limit: rule.dailyLimit,
                  review: rule.reviewThreshold,
                  coin: rule.coin,
                })}
              </span>
            ) : (
              t('reviews.withdrawal.noRule')
            ),
          },
          {
            key: 'day',
            label: t('reviews.withdrawal.dayTotal'),
            children: <Exact value={detail.dayTotal} coin={w.coin} />,
          },
        ]}
      />
      <h3 className={ui.subTitle}>{t('reviews.withdrawal.earlier')}</h3>
      {detail.earlier.length === 0 ? (
        <p className={ui.muted}>{t('reviews.withdrawal.noEarlier')}</p>
      ) : (
        <Table<OpsWithdrawal>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.earlier}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('reviews.createdAt'),
              dataIndex: 'createTime',
              render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
            },
            {
              title: t('reviews.withdrawal.amount'),
              key: 'amount',
              align: 'right',
              render: (_, r) => <Exact value={r.amount} coin={r.coin} />,
            },
            {
              title: t('reviews.withdrawal.way'),
              key: 'way',
              render: (_, r) => (r.way === 'bank' ? t('reviews.withdrawal.ways.bank') : r.network),
            },
            {
              title: t('reviews.stateLabel'),
              dataIndex: 'state',
              render: (v: OpsWithdrawal['state']) => <Tag>{t(`withdrawals.states.${v}`)}</Tag>,
            },
          ]}
        />
      )}
    </>
  );
}
