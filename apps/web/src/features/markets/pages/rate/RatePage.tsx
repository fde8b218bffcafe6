import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRatePage } from './useRatePage.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import ui from '../../../../shared/ui/market.module.css';
import { Fiat } from '../../../../shared/ui/numbers.tsx';
import styles from './rate.module.css';

/** `/rate/index`: the reference exchange rates and the choice of display currency. */
export function RatePage() {
  const { t } = useTranslation('markets');
  const page = useRatePage();
  return (
    <Card
      className={styles.ratePage}
      title={t('market.rate.title')}
      extra={
        page.updated ? (
          <span className={`${ui.muted} ${styles.rateUpdated}`}>
            {t('market.rate.updated', { time: page.updated })}
          </span>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('market.rate.lead')}</Typography.Paragraph>
      {page.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : page.failed ? (
        <LoadFailed title={t('market.loadFailed')} onRetry={page.retry} />
      ) : page.rows.length === 0 ? (
        <EmptyState description={t('market.rate.empty')} />
      ) : (
        <table className={`${ui.dataTable} ${styles.rateTable}`}>
          <thead>
            <tr>
              <th>{t('market.rate.currency')}</th>
              <th className="num">{t('market.rate.rate')}</th>
              <th className={styles.rateAction}>{t('market.rate.display')}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.code}>
                <td>
                  <span className={styles.rateCode}>{row.code}</span>
                  <span className={`${ui.muted} ${styles.rateName}`}>
                    {row.symbol} {row.name !== row.code ? row.name : ''}
                  </span>
                </td>
                <td className="num">
                  <Fiat value={row.rate} currency={{ code: row.code }} show="code" />
                </td>
                <td className={styles.rateAction}>
                  {row.code === page.current ? (
                    <Tag icon={<CheckOutlined />} color="processing">
                      {t('market.rate.inUse')}
                    </Tag>
                  ) : (
                    <Button size="small" onClick={() => page.choose(row.code)}>
                      {t('market.rate.use', { code: row.code })}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export default RatePage;
