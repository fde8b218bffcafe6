import i18next from 'i18next';
import type { PlatformConfig } from '@meridian/contract/platform-config';
import { createApiClient, type ApiCall } from '../../../shared/api/client.ts';
import { createErrorPopup } from '../../../shared/feedback/error-popup.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useOpsSession } from './session-store.ts';

/**
 * The console's own client: the same envelope and checks as the exchange's, but with the
 * operator's token, so a user token never reaches an operator call and the other way
 * round. A 401 clears the operator session only (the user stays signed in); the console's
 * guard then shows its login, so the client itself navigates nowhere. Any other refusal
 * pops up the server's message, already in the operator's language.
 */
export function createOpsApi(
  config: Pick<PlatformConfig, 'apiRoot' | 'head'>,
  session = useOpsSession,
  fetchImpl?: typeof fetch,
): ApiCall {
  return createApiClient({
    apiRoot: config.apiRoot,
    head: config.head,
    language: currentLanguage,
    token: () => session.getState().token,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    rules: {
      logout: () => session.getState().clear(),
      navigate: () => undefined,
      showError: createErrorPopup({ notifier }),
      unknownError: () => i18next.t('common.unknownError'),
    },
  });
}
