import { DepositHistory } from './widgets/DepositHistory.tsx';
import { DepositPanel } from './widgets/DepositPanel.tsx';

/** `/assets/index?key=recharge`. */
export function RechargeTab() {
  return <DepositPanel />;
}

/** `/account/wallet/deposit`. */
export function DepositTab() {
  return <DepositPanel />;
}

/** `/account/wallet/history-deposit`. */
export function DepositHistoryTab() {
  return <DepositHistory />;
}
