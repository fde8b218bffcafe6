import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { usePool } from '../data/queries.ts';
import styles from './seconds.module.css';

/** The pool that pays wins, public like the security fund: its balance and what open contracts may take. */
export function PoolNote({ coin }: { coin: string }) {
  const { t } = useTranslation('seconds');
  const pool = usePool();
  const mine = pool.data?.find((p) => p.coin === coin);
  return (
    <section className={styles.note} data-testid="seconds-pool" aria-label={t('pool.title')}>
      <h3 className={styles.noteTitle}>{t('pool.title')}</h3>
      {pool.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : pool.isError || !mine ? (
        <p className={styles.muted}>{t('pool.unavailable')}</p>
      ) : (
        <dl className={styles.terms}>
          <dt>{t('pool.balance')}</dt>
          <dd>
            <Amount value={mine.balance} unit={coin} />
          </dd>
          <dt>{t('pool.committed')}</dt>
          <dd>
            <Amount value={mine.committed} unit={coin} />
          </dd>
        </dl>
      )}
      <p className={styles.muted}>{t('pool.copy')}</p>
    </section>
  );
}

/** The rules of a second contract, in the words the settlement follows. */
export function SecondsRules() {
  const { t } = useTranslation('seconds');
  return (
    <section className={styles.note} aria-label={t('rules.title')}>
      <h3 className={styles.noteTitle}>{t('rules.title')}</h3>
      <ol className={styles.rules}>
        <li>{t('rules.open')}</li>
        <li>{t('rules.settle')}</li>
        <li>{t('rules.win')}</li>
        <li>{t('rules.loss')}</li>
        <li>{t('rules.tie')}</li>
        <li>{t('rules.charge')}</li>
        <li>{t('rules.pool')}</li>
      </ol>
    </section>
  );
}
