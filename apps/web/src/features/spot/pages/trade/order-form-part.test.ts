import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../shared/i18n/index.ts';
import { installDomShims } from '../../../../shared/testing/fixtures.ts';
import { orderForm } from './order-form-part.ts';

describe('the order form part', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['spot', 'markets']);
  });

  // The form's Spot / Cross / Isolated switch spoke raw keys ("mode.spot") on
  // /exchange/index, whose route did not list the margin feature's messages.
  it('brings the margin messages its mode switch speaks, on any address', async () => {
    expect(i18next.hasLoadedNamespace('margin')).toBe(false);
    await orderForm.load();
    expect(i18next.hasLoadedNamespace('margin')).toBe(true);
    expect(i18next.t('margin:mode.cross')).toBe('Cross');
  });
});
