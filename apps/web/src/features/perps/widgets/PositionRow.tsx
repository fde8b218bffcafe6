import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PerpPosition } from '@meridian/contract/calls/perps';
import { Amount, Exact, Price } from '../../../shared/ui/numbers.tsx';
import { gaugeOf, ratePercent, signOf } from '../data/maths.ts';
import { kindOfSymbol, symbolParam } from '../data/kind.ts';
import { perpName } from '../data/market.ts';
import styles from './perps.module.css';

const tone = (value: string | null | undefined) => {
  const sign = signOf(value);
  return sign === 'up' ? styles.up : sign === 'down' ? styles.down : undefined;
};

/** A signed amount: the sign written ("+12.5") and carried by colour, so it reads without it. */
export function Signed({ value, unit }: { value: string | null | undefined; unit?: string }) {
  const plus = signOf(value) === 'up';
  return (
    <span className={tone(value)} data-sign={signOf(value)}>
      {plus ? '+' : ''}
      <Exact value={value} unit={unit} />
    </span>
  );
}

/** ROE as a signed percent with 2 decimals. */
export function SignedPercent({ value }: { value: string | null | undefined }) {
  const text = ratePercent(value, 2);
  const plus = signOf(value) === 'up';
  return (
    <span className={`num ${tone(value) ?? ''}`} data-sign={signOf(value)}>
      {text === null ? '--' : `${plus ? '+' : ''}${text} %`}
    </span>
  );
}

/** The margin ratio as a bar filling toward liquidation (100 %) and the percent beside it. */
export function MarginGauge({ ratio }: { ratio: string }) {
  const { t } = useTranslation('perps');
  const gauge = gaugeOf(ratio);
  const text = ratePercent(ratio, 2);
  return (
    <span
      className={styles.gauge}
      role="meter"
      aria-label={t('positions.marginRatio')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={gauge.percent}
      data-level={gauge.level}
    >
      <span className={styles.gaugeTrack}>
        <span
          className={`${styles.gaugeFill} ${styles[gauge.level]}`}
          style={{ width: `${gauge.percent}%` }}
        />
      </span>
      <span className="num">{text === null ? '--' : `${text} %`}</span>
    </span>
  );
}

/** The auto-deleveraging queue: five lights, as many lit as the position's quintile. */
export function AdlLights({ quintile }: { quintile: number }) {
  const { t } = useTranslation('perps');
  return (
    <Tooltip title={t('positions.adlHelp')}>
      <span
        className={styles.adl}
        role="img"
        aria-label={t('positions.adlLabel', { count: quintile })}
        data-adl={quintile}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={`${styles.adlLight} ${n <= quintile ? styles.adlOn : ''}`} />
        ))}
      </span>
    </Tooltip>
  );
}

export interface PositionActions {
  onClose: (position: PerpPosition) => void;
  onStops: (position: PerpPosition) => void;
  onAdjust: (position: PerpPosition) => void;
}

/**
 * What a position's size is counted in: the base coin (linear: contracts × coin) or USD
 * (inverse: contracts × USD value).
 */
export function sizeUnitOf(position: Pick<PerpPosition, 'symbol'>): string {
  const kind = kindOfSymbol(position.symbol);
  return kind === 'inverse' ? 'USD' : symbolParam(position.symbol, kind).toUpperCase();
}

/**
 * One open position: every figure the venues show, and its actions; money in `coin`
 * (USDT, or the coin of a coin-margined market).
 */
export function PositionRow({
  position,
  coin = 'USDT',
  actions,
}: {
  position: PerpPosition;
  coin?: string;
  actions: PositionActions;
}) {
  const { t } = useTranslation('perps');
  const long = position.side === 'long';
  return (
    <tr data-position-id={position.id} data-testid="perp-position">
      <td>
        <div className={styles.nowrap}>
          <strong>{perpName(position.symbol)}</strong>{' '}
          <span className={long ? styles.up : styles.down}>
            {t(long ? 'positions.long' : 'positions.short')}
          </span>
        </div>
        <div
          className={styles.muted}
        >{`${position.leverage}x · ${t(`marginMode.${position.marginMode}`)}`}</div>
      </td>
      <td className="num">
        <div className={styles.cellStack}>
          <span>{position.contracts}</span>
          <Amount value={position.size} unit={sizeUnitOf(position)} className={styles.muted} />
        </div>
      </td>
      <td className="num">
        <Price value={position.entryPrice} />
      </td>
      <td className="num">
        <Price value={position.markPrice} />
      </td>
      <td className="num" data-testid="perp-liquidation">
        <Price value={position.liquidationPrice} />
      </td>
      <td className="num">
        <div className={styles.cellStack}>
          <Exact value={position.margin} unit={coin} />
          {position.marginMode === 'isolated' ? (
            <a role="button" onClick={() => actions.onAdjust(position)}>
              {t('positions.adjust')}
            </a>
          ) : null}
        </div>
      </td>
      <td className="num">
        <MarginGauge ratio={position.marginRatio} />
      </td>
      <td className="num" data-testid="perp-pnl">
        <div className={styles.cellStack}>
          <Signed value={position.unrealisedPnl} unit={coin} />
          <SignedPercent value={position.roe} />
        </div>
      </td>
      <td>
        <AdlLights quintile={position.adlQuintile} />
      </td>
      <td className="num" data-testid="perp-stops">
        <div className={styles.cellStack}>
          <span>
            <span className={styles.muted}>{t('positions.tp')} </span>
            {position.takeProfit ? <Price value={position.takeProfit.price} /> : '--'}
          </span>
          <span>
            <span className={styles.muted}>{t('positions.sl')} </span>
            {position.stopLoss ? <Price value={position.stopLoss.price} /> : '--'}
          </span>
        </div>
      </td>
      <td>
        <Space size={4}>
          <Button size="small" onClick={() => actions.onStops(position)}>
            {t('positions.stops')}
          </Button>
          <Button size="small" onClick={() => actions.onClose(position)}>
            {t('positions.close')}
          </Button>
        </Space>
      </td>
    </tr>
  );
}

/** The column titles of the positions table, in the row's order. */
export function PositionHead() {
  const { t } = useTranslation('perps');
  const titles = [
    ['positions.symbol', false],
    ['positions.contracts', true],
    ['positions.entry', true],
    ['positions.mark', true],
    ['positions.liquidation', true],
    ['positions.margin', true],
    ['positions.marginRatio', true],
    ['positions.pnl', true],
    ['positions.adl', false],
    ['positions.tpsl', true],
    ['positions.actions', false],
  ] as const;
  return (
    <thead>
      <tr>
        {titles.map(([key, right]) => (
          <th
            key={key}
            className={right ? 'num' : undefined}
            style={right ? { textAlign: 'right' } : undefined}
          >
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A position on a phone: the same figures as a card, so no column hides off screen. */
export function PositionCard({
  position,
  coin = 'USDT',
  actions,
}: {
  position: PerpPosition;
  coin?: string;
  actions: PositionActions;
}) {
  const { t } = useTranslation('perps');
  const long = position.side === 'long';
  return (
    <article className={styles.card} data-position-id={position.id} data-testid="perp-position">
      <header className={styles.cardHead}>
        <span>
          <strong>{perpName(position.symbol)}</strong>{' '}
          <span className={long ? styles.up : styles.down}>
            {t(long ? 'positions.long' : 'positions.short')}
          </span>{' '}
          <span className={styles.muted}>
            {`${position.leverage}x · ${t(`marginMode.${position.marginMode}`)}`}
          </span>
        </span>
        <AdlLights quintile={position.adlQuintile} />
      </header>
      <dl className={styles.cardGrid}>
        <div>
          <dt>{t('positions.pnl')}</dt>
          <dd data-testid="perp-pnl">
            <Signed value={position.unrealisedPnl} unit={coin} />{' '}
            <span className={styles.nowrap}>
              <SignedPercent value={position.roe} />
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('positions.contracts')}</dt>
          <dd className="num">
            {position.contracts} / <Amount value={position.size} unit={sizeUnitOf(position)} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.entry')}</dt>
          <dd>
            <Price value={position.entryPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.mark')}</dt>
          <dd>
            <Price value={position.markPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.liquidation')}</dt>
          <dd data-testid="perp-liquidation">
            <Price value={position.liquidationPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.margin')}</dt>
          <dd>
            <Exact value={position.margin} unit={coin} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.marginRatio')}</dt>
          <dd>
            <MarginGauge ratio={position.marginRatio} />
          </dd>
        </div>
        <div>
          <dt>{t('positions.tpsl')}</dt>
          <dd data-testid="perp-stops">
            {position.takeProfit ? <Price value={position.takeProfit.price} /> : '--'}
            {' / '}
            {position.stopLoss ? <Price value={position.stopLoss.price} /> : '--'}
          </dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        {position.marginMode === 'isolated' ? (
          <Button size="small" onClick={() => actions.onAdjust(position)}>
            {t('positions.adjust')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => actions.onStops(position)}>
          {t('positions.stops')}
        </Button>
        <Button size="small" onClick={() => actions.onClose(position)}>
          {t('positions.close')}
        </Button>
      </div>
    </article>
  );
}
