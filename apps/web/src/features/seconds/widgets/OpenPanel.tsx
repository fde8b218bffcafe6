import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Input, Modal, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { percentOf } from '../data/payouts.ts';
import type { OpenForm } from './useOpenForm.ts';
import styles from './seconds.module.css';

const QUICK_STAKES = ['10', '50', '100', '500'];

/** Period and stake pickers, the up and down buttons, and the confirmation. */
export function OpenPanel({ form, coin }: { form: OpenForm; coin: string }) {
  const { t } = useTranslation('seconds');
  const isLogin = useSession((s) => s.isLogin);
  const { periods, period, payouts, problem } = form;

  if (periods.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (periods.isError) {
    return (
      <LoadFailed
        title={t('form.periodsFailed')}
        onRetry={() => void periods.refetch()}
        retrying={periods.isFetching}
      />
    );
  }
  if (!period) return <Alert type="info" showIcon title={t('form.noPeriods')} />;

  const hint =
    problem === 'integer'
      ? t('form.integer')
      : problem === 'min'
        ? t('form.min', { min: period.minStake, coin })
        : problem === 'max'
          ? t('form.max', { max: period.maxStake, coin })
          : t('form.limits', { min: period.minStake, max: period.maxStake, coin });

  return (
    <div className={styles.form}>
      <div className={styles.label} id="seconds-period">
        {t('form.period')}
      </div>
      <Segmented
        aria-labelledby="seconds-period"
        block
        value={period.id}
        onChange={(id) => form.setPeriodId(String(id))}
        options={periods.data!.map((p) => ({
          value: p.id,
          label: (
            <span className={styles.periodOption}>
              <span>{t('form.seconds', { count: p.seconds })}</span>
              <span className={styles.periodRate}>+{percentOf(p.profitRate)}%</span>
            </span>
          ),
        }))}
      />
      <dl className={styles.terms}>
        <dt>{t('terms.profit')}</dt>
        <dd className="num">{percentOf(period.profitRate)}%</dd>
        <dt>{t('terms.loss')}</dt>
        <dd className="num">{percentOf(period.lossRate)}%</dd>
        <dt>{t('terms.charge')}</dt>
        <dd className="num">{percentOf(period.chargeRate)}%</dd>
      </dl>
      <label className={styles.label} htmlFor="seconds-stake">
        {t('form.stake')}
      </label>
      <Input
        id="seconds-stake"
        inputMode="numeric"
        value={form.stake}
        onChange={(e) => form.setStake(e.target.value)}
        suffix={coin}
        status={problem && problem !== 'empty' ? 'error' : undefined}
        aria-describedby="seconds-stake-hint"
        className="num"
      />
      <div
        id="seconds-stake-hint"
        className={problem && problem !== 'empty' ? styles.hintError : styles.hint}
      >
        {hint}
      </div>
      <div className={styles.quick}>
        {QUICK_STAKES.map((q) => (
          <Button key={q} size="small" onClick={() => form.setStake(q)}>
            {q}
          </Button>
        ))}
      </div>
      {isLogin ? (
        <div className={styles.buttons}>
          <Button
            className={styles.up}
            size="large"
            icon={<ArrowUpOutlined />}
            disabled={!!problem}
            onClick={() => form.ask('up')}
          >
            {t('form.up')}
          </Button>
          <Button
            className={styles.down}
            size="large"
            icon={<ArrowDownOutlined />}
            disabled={!!problem}
            onClick={() => form.ask('down')}
          >
            {t('form.down')}
          </Button>
        </div>
      ) : (
        <Link to="/user/login" className={styles.login}>
          {t('form.login')}
        </Link>
      )}
      <Modal
        open={form.confirming !== null}
        title={t('confirm.title', {
          direction: t(form.confirming === 'down' ? 'direction.down' : 'direction.up'),
          count: period.seconds,
        })}
        okText={t('confirm.ok')}
        cancelText={t('confirm.cancel')}
        confirmLoading={form.submitting}
        onOk={() => void form.confirm()}
        onCancel={form.cancel}
      >
        {payouts ? (
          <Descriptions column={1} size="small" bordered className={styles.confirm}>
            <Descriptions.Item label={t('confirm.stake')}>
              <Amount value={payouts.stake} unit={coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm.charge')}>
              <Amount value={payouts.charge} unit={coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm.total')}>
              <Amount value={payouts.total} unit={coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm.win', { rate: percentOf(period.profitRate) })}>
              <Amount value={payouts.win} unit={coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm.loss', { rate: percentOf(period.lossRate) })}>
              <Amount value={payouts.loss} unit={coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm.tie')}>
              <Amount value={payouts.tie} unit={coin} />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        <p className={styles.confirmNote}>{t('confirm.note', { count: period.seconds })}</p>
      </Modal>
    </div>
  );
}
