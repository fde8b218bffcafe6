export { chatModule } from './module.ts';
export type { ChatTables } from './tables.ts';
