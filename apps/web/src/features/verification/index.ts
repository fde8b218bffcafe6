// What the app shell and other features may use of the verification feature.
export { verificationRoutes } from './routes.ts';
export { AdvancedTab, BankTab, CertifiedTab, KycTab, PrimaryTab } from './tabs.tsx';
