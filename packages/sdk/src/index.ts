export {
  MeridianClient,
  MeridianError,
  type ClientAuth,
  type MeridianClientOptions,
} from './client.ts';
export { signedHeaders, socketLogin, type ApiKeyCredentials } from './signing.ts';
export * from './realtime/index.ts';
