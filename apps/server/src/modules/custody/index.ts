export { custodyModule } from './module.ts';
