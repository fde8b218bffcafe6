/*
 * The sockets' messages (seed section 7), in two modules: the market socket's, which every
 * market page reads, and the user socket's and MQTT topics', which only a signed-in session
 * does. Apart, a page of the web app that reads market data loads no user-event schemas
 * (nor the chat records they carry); this module keeps one import path for both.
 */
export * from './realtime-market.ts';
export * from './realtime-user.ts';
