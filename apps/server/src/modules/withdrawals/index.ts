export { withdrawalsModule } from './module.ts';
