import { DepositHistory } from './widgets/DepositHistory.tsx';
import { RechargeWays } from './widgets/RechargeWays.tsx';

/** `/assets/index?key=recharge`. */
export function RechargeTab() {
  return <RechargeWays />;
}

/** `/account/wallet/deposit`. */
export function DepositTab() {
  return <RechargeWays />;
}

/** `/account/wallet/history-deposit`. */
export function DepositHistoryTab() {
  return <DepositHistory />;
}
