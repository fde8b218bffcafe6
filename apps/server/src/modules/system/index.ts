export { systemModule } from './module.ts';
