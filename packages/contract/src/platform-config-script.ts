// Where the runtime configuration comes from, apart from its schema: the web app's shell
// reads these before it renders and checks the configuration later, so importing them
// must not bring the schema library.

/** The global the config script assigns. */
export const PLATFORM_CONFIG_GLOBAL = '__MERIDIAN_CONFIG__';

export const PLATFORM_CONFIG_PATH = '/platform/dev/config.js';
