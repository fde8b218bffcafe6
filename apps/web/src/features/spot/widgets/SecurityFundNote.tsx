import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ratePercent } from '../data/amounts.ts';
import { useSecurityFund } from '../data/public-queries.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { SkeletonLines } from '../../../shared/ui/SkeletonLines.tsx';
import styles from './security-fund.module.css';

/** PRODUCT 2.4: the share of fees the fund receives, as the seed words it. */
const PUBLISHED_SHARE = '0.1';

/**
 * The seed's "10% of all transaction fees go to an asset security fund", next to the
 * fund's live public balance per coin, so the claim can be checked where it is made.
 */
export function SecurityFundNote({
  coins,
  inline = false,
}: {
  coins?: readonly string[];
  /** One quiet line under other content (the trade page's orders) instead of a block. */
  inline?: boolean;
} = {}) {
  const { t } = useTranslation('spot');
  const fund = useSecurityFund();
  // Where one market is on screen, the coins its fees are paid in; elsewhere every coin.
  const wanted = coins?.map((c) => c.toUpperCase());
  const balances = (fund.data?.balances ?? []).filter(
    (b) => !wanted || wanted.includes(b.coin.toUpperCase()),
  );
  const share = ratePercent(fund.data?.feeShare ?? PUBLISHED_SHARE);
  return (
    <div className={cx(styles.fundNote, inline && styles.inline)} data-testid="security-fund">
      <p className={styles.fundCopy}>
        <SafetyCertificateOutlined className={styles.fundIcon} aria-hidden />
        {t('fund.copy', { share })}
      </p>
      {fund.isPending ? (
        <SkeletonLines rows={2} />
      ) : fund.isError ? (
        <p className={styles.fundMuted}>{t('fund.unavailable')}</p>
      ) : balances.length === 0 ? (
        <p className={styles.fundMuted}>{t('fund.empty')}</p>
      ) : (
        <ul className={styles.fundBalances} aria-label={t('fund.balances')}>
          {balances.map((b) => (
            <li key={b.coin} data-coin={b.coin}>
              <span className={styles.fundCoin}>{b.coin.toUpperCase()}</span>
              <Amount value={b.amount} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
