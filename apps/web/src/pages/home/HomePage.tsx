import { Alert, Badge, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HealthData } from '@meridian/contract';
import { usePlatform } from '../../platform/context.tsx';
import { usePlatformHealth } from './usePlatformHealth.ts';
import './home.css';

type Component = keyof HealthData['components'];
const COMPONENTS: Component[] = ['database', 'broker', 'market'];
// A dot, not coloured text: the words stay readable in both themes and green stays
// reserved for prices going up.
const STATUS_DOT = { up: 'success', down: 'error', disabled: 'default' } as const;

function StatusCard() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = usePlatformHealth();
  return (
    <Card title={t('home.status.title')} className="status-card">
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('home.status.unreachable')}
          action={
            <Button size="small" loading={isFetching} onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <dl className="status-list">
          {COMPONENTS.map((name) => {
            const status = data.components[name].status;
            return (
              <div key={name} className="status-row">
                <dt>{t(`home.status.component.${name}`)}</dt>
                <dd>
                  <Badge status={STATUS_DOT[status]} text={t(`home.status.state.${status}`)} />
                </dd>
              </div>
            );
          })}
          <div className="status-row">
            <dt>{t('home.status.version')}</dt>
            <dd className="num">{data.version}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { config } = usePlatform();
  return (
    <div className="home">
      <section className="hero">
        <Typography.Title level={1} className="hero-title">
          {config.brand}
        </Typography.Title>
        <Typography.Paragraph className="hero-lead">{t('home.lead')}</Typography.Paragraph>
        <ul className="hero-points">
          <li>{t('home.points.prices')}</li>
          <li>{t('home.points.ledger')}</li>
          <li>{t('home.points.selfHosted')}</li>
        </ul>
      </section>
      <StatusCard />
    </div>
  );
}
