import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '@meridian/core';
import { health, type StorageHealth } from '@meridian/contract/calls/system';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useOpsApi } from '../session/context.tsx';
import styles from './storage.module.css';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A size in the language's own unit style ("12.4 MB", "12,4 Mo"), in kilobytes below a
 * megabyte so a small journal does not read as nothing: bytes are counts, not money.
 */
function useBytes() {
  const locale = useNumberLocale();
  const unit = (name: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, maximumFractionDigits: 1 });
  const mb = unit('megabyte');
  const kb = unit('kilobyte');
  return (bytes: number) =>
    bytes < 1024 * 1024 ? kb.format(bytes / 1024) : mb.format(bytes / (1024 * 1024));
}

/** An age in its largest whole unit, worded by the language ("3 days", "3 j"). */
function useAge() {
  const locale = useNumberLocale();
  return (seconds: number) => {
    const [value, unit] =
      seconds >= DAY
        ? [Math.floor(seconds / DAY), 'day']
        : seconds >= HOUR
          ? [Math.floor(seconds / HOUR), 'hour']
          : [Math.floor(seconds / MINUTE), 'minute'];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
      value,
    );
  };
}

function Figures({ storage }: { storage: StorageHealth }) {
  const { t } = useTranslation('retention');
  const bytes = useBytes();
  const age = useAge();
  const formatTime = useFormatTime();
  const figures = [
    ['database', storage.databaseBytes],
    ['engine', storage.engineBytes],
    ...(storage.freeBytes === null ? [] : [['free', storage.freeBytes] as const]),
  ] as const;
  return (
    <>
      <dl className={styles.figures}>
        {figures.map(([key, value]) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`storage.${key}`)}</dt>
            <dd className="num">{bytes(value)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.scroll} role="region" aria-label={t('storage.title')} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('storage.table')}</th>
              <th scope="col">{t('storage.oldest')}</th>
              <th scope="col" className={styles.right}>
                {t('storage.age')}
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.tables.map((row) => (
              <tr key={row.table} data-table={row.table}>
                <td>
                  <code>{row.table}</code>
                </td>
                <td>{row.oldestAt ? formatTime(row.oldestAt) : t('storage.empty')}</td>
                <td className={`num ${styles.right}`}>
                  {row.oldestAgeSeconds === null ? '–' : age(row.oldestAgeSeconds)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {storage.lastRun && (
        <p className={styles.line}>
          {t('storage.lastRun', {
            time: formatTime(storage.lastRun.at),
            orders: storage.lastRun.removedOrders,
            candles: storage.lastRun.removedCandles,
          })}
        </p>
      )}
    </>
  );
}

/**
 * The dashboard's data panel (issue 27): the data on disk and each hot table's oldest
 * row, as `/api/health` reports them from housekeeping's last measure, where the engine
 * keeps its journal (issue 25: files, or PostgreSQL with a standby), and the published
 * retention rules.
 */
export function StoragePanel() {
  // Never suspends the dashboard: the panel appears once its texts are loaded.
  const { t, ready } = useTranslation('retention', { useSuspense: false });
  const api = useOpsApi();
  const query = useQuery({
    queryKey: ['ops', 'storage-health'],
    queryFn: () => api.quiet(health),
    refetchInterval: 60_000,
  });
  const storage = query.data?.storage;
  const engine = query.data?.engine;
  const locale = useNumberLocale();
  if (!ready) return null;
  return (
    <section className={styles.panel} aria-labelledby="storage-title" data-testid="storage-panel">
      <h2 id="storage-title" className={styles.title}>
        {t('storage.title')}
      </h2>
      {query.isError && !query.data ? (
        <LoadFailed
          title={t('storage.failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : storage ? (
        <Figures storage={storage} />
      ) : (
        <p className={styles.line}>{t('storage.pending')}</p>
      )}
      {engine && (
        <p className={styles.line} data-testid="engine-store">
          {t(engineLine(engine), {
            seq: new Intl.NumberFormat(locale).format(engine.seq),
          })}
        </p>
      )}
      <p className={styles.line}>
        {t('storage.rules', {
          days: RETENTION.unfilledOrderDays,
          hours: RETENTION.makerUnfilledOrderHours,
          candleDays: RETENTION.minuteCandleDays,
        })}
      </p>
    </section>
  );
}

/** What the answering process's engine is: a replica (an API process) or the leader's store. */
function engineLine(engine: { store: 'file' | 'postgres'; role: 'leader' | 'replica' }) {
  if (engine.role === 'replica') return 'storage.engineReplica';
  return engine.store === 'postgres' ? 'storage.enginePostgres' : 'storage.engineFiles';
}
