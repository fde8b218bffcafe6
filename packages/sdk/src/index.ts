export {
  MeridianClient,
  MeridianError,
  type ClientAuth,
  type MeridianClientOptions,
} from './client.ts';
export { signedHeaders, type ApiKeyCredentials } from './signing.ts';
