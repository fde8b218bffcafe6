import { ExperimentOutlined } from '@ant-design/icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTickers } from '../../data/hooks.ts';
import { useMarketRows, useSeedTickers } from '../../data/rows.ts';
import { Hint } from '../../../../shared/ui/Hint.tsx';
import { ButtonLink } from '../../../../shared/ui/PlainButton.tsx';
import { SkeletonLines } from '../../../../shared/ui/SkeletonLines.tsx';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import { HomeAccount } from '../../../spot/index.ts';
import { HomeContent } from '../../../content/index.ts';
import { MarketOverview } from './MarketOverview.tsx';
import { TopMovers } from './TopMovers.tsx';
import { useSimulatedMarket } from './useSimulatedMarket.ts';
import styles from './home.module.css';

/** Shown when the deployment's prices come from the index simulator (GET /api/health). */
function SimulatedBadge() {
  const { t } = useTranslation('markets');
  if (!useSimulatedMarket()) return null;
  return (
    <Hint title={t('market.home.simulatedHint')}>
      <span className={styles.simulatedBadge}>
        <ExperimentOutlined aria-hidden />
        <span>{t('market.home.simulated')}</span>
      </span>
    </Hint>
  );
}

/** A visitor's welcome: what the platform is, and where to look first. */
function VisitorHero() {
  const { t } = useTranslation('markets');
  const { config } = usePlatform();
  return (
    <section className={styles.hero}>
      {/* Its line is kept whether or not the badge shows, so the welcome never moves down
          when the health check answers. */}
      <div className={styles.badgeSlot}>
        <SimulatedBadge />
      </div>
      <h1 className={styles.heroTitle}>{config.brand}</h1>
      <p className={styles.heroLead}>{t('home.lead')}</p>
      <ul className={styles.heroPoints}>
        <li>{t('home.points.prices')}</li>
        <li>{t('home.points.ledger')}</li>
        <li>{t('home.points.selfHosted')}</li>
      </ul>
      <div className={styles.heroActions}>
        <ButtonLink kind="primary" to="/quotes/index">
          {t('market.home.allMarkets')}
        </ButtonLink>
        <ButtonLink to="/market/main?symbol=btcusdt">
          {t('market.home.openMarket', { name: 'BTC/USDT' })}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * `/home/index`. A visitor sees the welcome and the markets; a signed-in user sees their
 * balances and latest orders first, then the same markets.
 */
export function HomePage() {
  const { t } = useTranslation('markets');
  const signedIn = useSession((s) => s.isLogin);
  useLiveTickers();
  useSeedTickers('spot');
  const spot = useMarketRows('spot');
  const rows = spot.data ?? [];
  return (
    <div className={styles.home}>
      {signedIn ? (
        <>
          <section className={styles.accountHead}>
            <h1 className={styles.accountTitle}>{t('home.accountTitle')}</h1>
            <SimulatedBadge />
          </section>
          <Suspense fallback={<SkeletonLines rows={6} />}>
            <HomeAccount />
          </Suspense>
        </>
      ) : (
        <VisitorHero />
      )}
      {spot.isError ? (
        <LoadFailed title={t('market.loadFailed')} onRetry={() => void spot.refetch()} />
      ) : (
        <>
          <MarketOverview rows={rows} loading={spot.isPending} />
          <TopMovers rows={rows} loading={spot.isPending} />
        </>
      )}
      {/* Banners, the beginner guide, hot issues and news: the content feature's, after the
          markets, so their arrival (of a height nobody knows beforehand) moves nothing a
          visitor is reading. */}
      <Suspense fallback={null}>
        <HomeContent />
      </Suspense>
    </div>
  );
}
