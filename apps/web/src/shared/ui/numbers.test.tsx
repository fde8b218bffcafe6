import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { useSettings } from '../settings/store.ts';
import { installDomShims } from '../testing/fixtures.ts';
import { Amount, Exact, Fiat, Percent, Price } from './numbers.tsx';

const text = (ui: ReactElement) => {
  const { container } = render(ui);
  const node = container.firstElementChild!;
  return node.textContent;
};

describe('number cells', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    useSettings.setState({ language: 'en', currency: { code: 'USD', symbol: '$', rate: '1' } });
  });

  it('write a price, an amount, a change and a fiat value in English', () => {
    expect(text(<Price value="66777.57" />)).toBe('66,777.57');
    expect(text(<Amount value="100066.613986" unit="USDT" />)).toBe('100,066.6 USDT');
    expect(text(<Percent value="-3.5" />)).toBe('-3.50%');
    expect(text(<Fiat value="66777.571" />)).toBe('≈ $66,777.57');
  });

  it('write every digit of an exact amount, only grouped, where money moves by it', () => {
    expect(text(<Exact value="1505.123456" unit="USDT" />)).toBe('1,505.123456 USDT');
    expect(text(<Exact value="-1305.5" />)).toBe('-1,305.5');
    expect(text(<Exact value={null} unit="USDT" />)).toBe('--');
    useSettings.setState({ language: 'de' });
    expect(text(<Exact value="1505.123456" />)).toBe('1.505,123456');
  });

  it('follow the language of the app', () => {
    useSettings.setState({ language: 'de', currency: { code: 'EUR', symbol: '€', rate: '0.5' } });
    expect(text(<Price value="66777.57" />)).toBe('66.777,57');
    expect(text(<Fiat value="2" />)).toBe('≈ 1,00\u00a0€');
  });

  it('convert at the display currency’s rate and decimals', () => {
    useSettings.setState({ currency: { code: 'KRW', symbol: '₩', rate: '1460' } });
    expect(text(<Fiat value="1.5" />)).toBe('≈ ₩2,190');
    expect(text(<Fiat value="1460.000" currency={{ code: 'KRW' }} show="code" />)).toBe(
      '1,460\u00a0KRW',
    );
  });

  it('colour a change by its sign and keep "--" for a missing value', () => {
    const { container } = render(
      <>
        <Percent value="1.2" />
        <Percent value="-0.001" />
        <Percent value="0" />
        <Percent value={undefined} />
        <Price value={null} unit="USDT" />
      </>,
    );
    const cells = [...container.querySelectorAll('[data-number]')];
    expect(cells.map((c) => c.getAttribute('data-direction'))).toEqual([
      'up',
      'down',
      'flat',
      'flat',
      null,
    ]);
    expect(cells.map((c) => c.textContent)).toEqual(['+1.20%', '-0.01%', '0.00%', '--', '--']);
  });
});
