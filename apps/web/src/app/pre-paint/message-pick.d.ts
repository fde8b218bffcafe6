// Messages picked at build time (build/message-pick.ts): one key in every language.
declare module 'virtual:message-pick/*' {
  import type { Language } from '@meridian/contract/languages';
  const messages: Record<Language, string>;
  export default messages;
}
