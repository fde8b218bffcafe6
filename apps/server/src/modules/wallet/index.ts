export { walletModule } from './module.ts';
