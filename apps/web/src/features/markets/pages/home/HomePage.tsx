import { ExperimentOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HealthData } from '@meridian/contract/calls/system';
import { useLiveTickers } from '../../data/hooks.ts';
import { useMarketRows, useSeedTickers } from '../../data/rows.ts';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { MarketOverview } from './MarketOverview.tsx';
import { TopMovers } from './TopMovers.tsx';
import { usePlatformHealth } from './usePlatformHealth.ts';
import styles from './home.module.css';

type Component = keyof HealthData['components'];
const COMPONENTS: Component[] = ['database', 'broker', 'market'];
// A dot, not coloured text: the words stay readable in both themes and green stays
// reserved for prices going up.
const STATUS_DOT = { up: 'success', down: 'error', disabled: 'default' } as const;

function StatusCard() {
  const { t } = useTranslation('markets');
  const { data, isPending, isError, refetch, isFetching } = usePlatformHealth();
  return (
    <Card size="small" title={t('home.status.title')} className={styles.statusCard}>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : isError ? (
        <LoadFailed
          title={t('home.status.unreachable')}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <dl className={styles.statusList}>
          {COMPONENTS.map((name) => {
            const status = data.components[name].status;
            return (
              <div key={name} className={styles.statusRow}>
                <dt>{t(`home.status.component.${name}`)}</dt>
                <dd>
                  <Badge status={STATUS_DOT[status]} text={t(`home.status.state.${status}`)} />
                </dd>
              </div>
            );
          })}
          <div className={styles.statusRow}>
            <dt>{t('home.status.version')}</dt>
            <dd className="num">{data.version}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

/** Shown when the deployment's prices come from the index simulator (GET /api/health). */
function SimulatedBadge() {
  const { t } = useTranslation('markets');
  const { data } = usePlatformHealth();
  if (data?.components.market.detail !== 'simulated') return null;
  return (
    <Tooltip title={t('market.home.simulatedHint')}>
      <Tag icon={<ExperimentOutlined />} color="warning" className={styles.simulatedBadge}>
        {t('market.home.simulated')}
      </Tag>
    </Tooltip>
  );
}

export function HomePage() {
  const { t } = useTranslation('markets');
  const { config } = usePlatform();
  useLiveTickers();
  useSeedTickers('spot');
  const spot = useMarketRows('spot');
  const rows = spot.data ?? [];
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <SimulatedBadge />
        <Typography.Title level={1} className={styles.heroTitle}>
          {config.brand}
        </Typography.Title>
        <Typography.Paragraph className={styles.heroLead}>{t('home.lead')}</Typography.Paragraph>
        <ul className={styles.heroPoints}>
          <li>{t('home.points.prices')}</li>
          <li>{t('home.points.ledger')}</li>
          <li>{t('home.points.selfHosted')}</li>
        </ul>
        <div className={styles.heroActions}>
          <Link to="/quotes/index">
            <Button type="primary">{t('market.home.allMarkets')}</Button>
          </Link>
          <Link to="/market/main?symbol=btcusdt">
            <Button>{t('market.home.openMarket', { name: 'BTC/USDT' })}</Button>
          </Link>
        </div>
      </section>
      {spot.isError ? (
        <LoadFailed title={t('market.loadFailed')} onRetry={() => void spot.refetch()} />
      ) : (
        <>
          <MarketOverview rows={rows} loading={spot.isPending} />
          <TopMovers rows={rows} />
        </>
      )}
      <StatusCard />
    </div>
  );
}
