export { swapModule } from './module.ts';
