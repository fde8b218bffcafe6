import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '@meridian/core';
import { useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { useMarginFunds } from '../../margin/index.ts';
import { lentSharePercent } from '../model/lending.ts';

/**
 * Says how much of a product's savings margin borrowers may borrow (the coin's pool's
 * savings share, public) and that redemption and maturity then wait for repayments.
 * Nothing while the pools load, when they fail, or when savings in the coin do not lend.
 */
export function MarginLendingNotice({ coin }: { coin: string }) {
  const { t } = useTranslation('earn');
  const locale = useNumberLocale();
  const funds = useMarginFunds();
  const percent = lentSharePercent(funds.data, coin);
  if (percent === null) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="margin-lending-notice"
      title={t('marginNotice', { share: `${localizeDigits(percent, locale)} %` })}
    />
  );
}
