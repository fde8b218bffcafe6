import { createContext } from 'react';

/** Whether an antd scope (AntdTheme) is already around: a hint inside a page needs none. */
export const InsideAntd = createContext(false);
