// What other features may use of retention: the published rule's line (issue 27).
export { RetentionNote } from './RetentionNote.tsx';
