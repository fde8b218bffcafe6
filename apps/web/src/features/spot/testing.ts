// What other tests may use of the spot feature: sample orders and the order views, for the
// app's test that one value reads alike on every page.
export { testFill, testOrder } from './data/test-orders.ts';
export { OrdersTable } from './orders/OrdersTable.tsx';
export { OrderCards } from './orders/OrderCards.tsx';
export { SpotBalances } from './orders/SpotBalances.tsx';
export { HomeAccount } from './widgets/HomeAccount.tsx';
export { OrderPanel } from './pages/trade/OrderForm.tsx';
