import { z } from 'zod';
import { defineCall } from '../define.ts';
import { pageOf } from '../paging.ts';
import { fileContentSchema } from './verification.ts';

/*
 * Customer-service chat (seed sections 2-5, 7 and 9; issue 24): one conversation per
 * user, found by the user's unguessable chat key (the user info's `chatKey`), its
 * messages pushed on the MQTT topic `chat_{chatKey}` and the user socket; and the
 * operators' chat desk under /api/ops/chat.
 */

/** Seed section 9: a message holds at most this many characters (code points). */
export const CHAT_MAX_CHARS = 400;
/** Seed section 9: the dialog pages 15 messages at a time, newest first. */
export const CHAT_PAGE_SIZE = 15;
/** Seed section 3: `blade_user_id` of a message the platform wrote. */
export const CHAT_SYSTEM_SENDER = '-1';
/** `blade_user_id` of a message an operator wrote (never the operator's own id or email). */
export const CHAT_SUPPORT_SENDER = '0';

/** 1 text, 2 image (seed section 3); a seed client may send either as a string. */
export const chatContentTypeSchema = z.preprocess(
  (value) => (value === '1' ? 1 : value === '2' ? 2 : value),
  z.union([z.literal(1), z.literal(2)]),
);

/** A chat key: 16 random bytes, base64url (what sign-up gives every user). */
export const chatKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** One message (seed section 3, chat record), as the user and the operators read it. */
export const chatRecordSchema = z.object({
  id: z.string(),
  /** Text, or for an image the uploaded file's id (its bytes: `getChatImage`). */
  content: z.string(),
  content_type: z.union([z.literal(1), z.literal(2)]),
  /** The writer: the user's id, '0' for the support team, '-1' for the platform. */
  blade_user_id: z.string(),
  sender: z.enum(['user', 'support', 'system']),
  create_time: z.string(),
});
export type ChatRecord = z.infer<typeof chatRecordSchema>;

export const sendChatRecordBody = z.strictObject({
  /** Text (checked by the server: not blank, at most 400 characters) or an image's file id. */
  content: z.string().max(4000),
  contentType: chatContentTypeSchema,
  /** The caller's own chat key (the user info's `chatKey`); any other is refused. */
  chatId: z.string().max(64),
});

export const sendChatRecord = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/buy/sendChatRecord',
  summary:
    'Send a message to customer service: text (not blank, at most 400 characters) or an image (contentType 2, content: the id of an upload of type chat)',
  tags: ['chat'],
  auth: 'user',
  body: sendChatRecordBody,
  data: chatRecordSchema,
});

/** The page to read; a seed client may send no body at all (page 1 of 15). */
export const chatPageBody = z
  .strictObject({
    current: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE),
  })
  .optional();

export const getChatRecord = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/buy/getChatRecord/:chatKey',
  summary: "A page of the caller's own chat, newest first (15 a page); another key is refused",
  tags: ['chat'],
  auth: 'user',
  params: z.strictObject({ chatKey: z.string().max(64) }),
  body: chatPageBody,
  data: pageOf(chatRecordSchema),
});

export const chatStateSchema = z.object({
  chatKey: z.string(),
  /** The MQTT topic this chat's messages are pushed on. */
  topic: z.string(),
  /** Messages from support or the platform the user has not seen yet. */
  unread: z.number().int(),
  /** `closed` once an operator closed it; the user's next message opens it again. */
  state: z.enum(['none', 'open', 'closed']),
});
export type ChatState = z.infer<typeof chatStateSchema>;

export const getChatState = defineCall({
  method: 'GET',
  path: '/api/chat/state',
  summary: "The caller's chat: its key, MQTT topic, unread count and state",
  tags: ['chat'],
  auth: 'user',
  data: chatStateSchema,
});

export const markChatRead = defineCall({
  method: 'POST',
  path: '/api/chat/read',
  summary: 'The user opened the chat: its unread count goes back to 0',
  tags: ['chat'],
  auth: 'user',
  data: chatStateSchema,
});

export const getChatImage = defineCall({
  method: 'GET',
  path: '/api/chat/images/:chatKey/:id',
  summary: "An image of the caller's own chat (theirs or support's); any other is unknown",
  tags: ['chat'],
  auth: 'user',
  params: z.strictObject({ chatKey: z.string().max(64), id: z.uuid() }),
  data: fileContentSchema,
});

// ---- Operators: the chat desk ----

export const chatViewSchema = z.enum(['unassigned', 'mine', 'all']);
export type ChatView = z.infer<typeof chatViewSchema>;

export const opsConversationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  state: z.enum(['open', 'closed']),
  /** The operator (email) answering it; null while nobody has claimed it. */
  assignedTo: z.string().nullable(),
  /** Whether the caller is the one answering it. */
  mine: z.boolean(),
  /** The user's messages since support last wrote: what waits for an answer. */
  waiting: z.number().int(),
  lastMessageAt: z.string(),
  /** The last message, shortened (an image says so). */
  lastContent: z.string(),
  lastContentType: z.union([z.literal(1), z.literal(2)]),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closeNote: z.string().nullable(),
});
export type OpsConversation = z.infer<typeof opsConversationSchema>;

const conversationId = z.strictObject({ id: z.uuid() });

export const opsChatConversations = defineCall({
  method: 'GET',
  path: '/api/ops/chat/conversations',
  summary: 'The chat queue: unassigned, mine or all, open or closed; waiting longest first',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.read',
  query: z.strictObject({
    view: chatViewSchema.default('unassigned'),
    state: z.enum(['open', 'closed']).default('open'),
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
  data: pageOf(opsConversationSchema),
});

export const opsChatConversation = defineCall({
  method: 'GET',
  path: '/api/ops/chat/conversations/:id',
  summary: 'One conversation',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.read',
  params: conversationId,
  data: opsConversationSchema,
});

export const opsChatMessages = defineCall({
  method: 'GET',
  path: '/api/ops/chat/conversations/:id/messages',
  summary: "A page of a conversation's messages, newest first; every message is kept",
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.read',
  params: conversationId,
  query: z.strictObject({
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(50).default(CHAT_PAGE_SIZE),
  }),
  data: pageOf(
    chatRecordSchema.extend({
      /** For support's messages: the operator (email) who wrote it. */
      operator: z.string().nullable(),
    }),
  ),
});

export const opsChatClaim = defineCall({
  method: 'POST',
  path: '/api/ops/chat/conversations/:id/claim',
  summary: 'Take the conversation: one operator answers it (audited)',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.reply',
  params: conversationId,
  data: opsConversationSchema,
});

export const opsChatRelease = defineCall({
  method: 'POST',
  path: '/api/ops/chat/conversations/:id/release',
  summary: 'Give the conversation back to the queue (audited)',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.reply',
  params: conversationId,
  data: opsConversationSchema,
});

export const opsChatReplyBody = z.strictObject({
  /** Text (not blank, at most 400 characters) or the id of an image from `opsChatUpload`. */
  content: z.string().max(4000),
  contentType: chatContentTypeSchema,
});

export const opsChatReply = defineCall({
  method: 'POST',
  path: '/api/ops/chat/conversations/:id/messages',
  summary: 'Answer the user (the caller must hold the conversation); audited',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.reply',
  params: conversationId,
  body: opsChatReplyBody,
  data: chatRecordSchema,
});

export const opsChatClose = defineCall({
  method: 'POST',
  path: '/api/ops/chat/conversations/:id/close',
  summary: "Close the conversation with a note for the operators (the caller's own); audited",
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.reply',
  params: conversationId,
  body: z.strictObject({ note: z.string().trim().min(3).max(500) }),
  data: opsConversationSchema,
});

export const opsChatUpload = defineCall({
  method: 'POST',
  path: '/api/ops/chat/conversations/:id/images',
  summary:
    'Upload an image to send in the conversation (form field file; JPEG, PNG or WebP by content); audited',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.reply',
  params: conversationId,
  data: z.object({ id: z.string(), mime: z.string(), width: z.number(), height: z.number() }),
});

export const opsChatImage = defineCall({
  method: 'GET',
  path: '/api/ops/chat/conversations/:id/images/:fileId',
  summary: 'An image of the conversation; every view is written to the audit log',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.read',
  params: z.strictObject({ id: z.uuid(), fileId: z.uuid() }),
  data: fileContentSchema.extend({ userId: z.string() }),
});

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyInput = z.strictObject({
  title: z.string().trim().min(1).max(80),
  content: z.string().trim().min(1).max(CHAT_MAX_CHARS),
});

export const opsCannedReplies = defineCall({
  method: 'GET',
  path: '/api/ops/chat/canned',
  summary: 'The canned replies, by title',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.read',
  data: z.array(cannedReplySchema),
});

export const opsCreateCannedReply = defineCall({
  method: 'POST',
  path: '/api/ops/chat/canned',
  summary: 'Add a canned reply (audited)',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.manage',
  body: cannedReplyInput,
  data: cannedReplySchema,
});

export const opsUpdateCannedReply = defineCall({
  method: 'POST',
  path: '/api/ops/chat/canned/:id',
  summary: 'Change a canned reply (audited)',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.manage',
  params: conversationId,
  body: cannedReplyInput,
  data: cannedReplySchema,
});

export const opsDeleteCannedReply = defineCall({
  method: 'POST',
  path: '/api/ops/chat/canned/:id/delete',
  summary: 'Remove a canned reply (audited)',
  tags: ['chat'],
  auth: 'operator',
  permission: 'chat.manage',
  params: conversationId,
  data: z.object({ id: z.string() }),
});
