import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themes } from '../../shared/ui/antd/tokens.ts';
import { SHELL_THEMES, SHELL_TYPE } from './shell-theme.ts';

describe('the shell theme', () => {
  it.each(['daytime', 'night'] as const)('is what antd derives for the %s theme', (name) => {
    const token = antdTheme.getDesignToken(themes[name]) as unknown as Record<string, unknown>;
    const derived = Object.fromEntries(
      Object.keys(SHELL_THEMES[name]).map((key) => [key, token[key]]),
    );
    expect(SHELL_THEMES[name]).toEqual(derived);
    expect({
      fontFamily: token.fontFamily,
      fontSize: token.fontSize,
      lineHeight: token.lineHeight,
      lineWidthFocus: token.lineWidthFocus,
    }).toEqual(SHELL_TYPE);
  });
});
