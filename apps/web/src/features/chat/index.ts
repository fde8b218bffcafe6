// What the app shell may use of the chat feature: the floating button for signed-in users.
export { ChatLauncher } from './ChatLauncher.tsx';
