export { spotModule } from './module.ts';
