export { demoModule } from './module.ts';
export {
  DEMO_BALANCES,
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATORS,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './seed.ts';

export interface DemoService {
  /** Demo accounts created by this start (empty when they existed or demo mode is off). */
  seededUsers: string[];
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    demo: DemoService;
  }
}
