import { defineModule } from '../../kernel/module.ts';
import { createBankCards } from './bank-cards.ts';
import { createFileStore, fileContent, fileView } from './file-store.ts';
import { createIdentityReviews, identityReviewHandler } from './identity-review.ts';
import * as m0015 from './migrations/0015_verification.ts';
import { registerVerificationOpsCalls } from './ops-calls.ts';
import { createReviewQueue } from './review-queue.ts';
import type { VerificationDb, VerificationTables } from './tables.ts';
import { registerUploadCalls } from './upload-calls.ts';
import { registerVerificationUserCalls } from './user-calls.ts';
import { stateOf, statusOf } from './verification-status.ts';
import { verificationLevel } from '@meridian/core';
import { cleanImage } from './image-intake.ts';

/**
 * Identity verification (primary and advanced), document uploads, bank cards, and the
 * operators' review queue the advanced step waits in (seed sections 3-6; PRODUCT.md 3).
 */
export const verificationModule = defineModule({
  name: 'verification',
  migrations: { '0015_verification': m0015 },
  async start(ctx) {
    const { app, clock, config } = ctx;
    const db: VerificationDb = ctx.db.withTables<VerificationTables>();
    const files = createFileStore(db, clock, config.dataDir);
    const queue = createReviewQueue(db, clock);
    queue.registerKind(identityReviewHandler);
    const bankCards = createBankCards(db, clock);

    registerVerificationUserCalls(app, config.head, { db, clock, queue, bankCards });
    await registerUploadCalls(app, config.head, { files, maxBytes: config.uploadMaxBytes });
    registerVerificationOpsCalls(app, config.head, {
      db,
      audit: ctx.audit,
      queue,
      identity: createIdentityReviews(db, queue),
      files,
      bankCards,
      userExists: (id) => ctx.use('identity').operatorViews.exists(id),
      permits: (role, permission) => ctx.operators.permits(role, permission),
    });

    ctx.use('operators').registerQueue('identity', () => queue.pending('identity'));
    ctx.provide('verification', {
      statusOf: (userId) => statusOf(db, userId),
      levelOf: async (userId) => verificationLevel(await stateOf(db, userId)),
      bankCardOf: (userId) => bankCards.get(userId),
      wholeBankCardOf: (userId) => bankCards.whole(userId),
      pendingCounts: async () => [{ kind: 'identity', pending: await queue.pending('identity') }],
      uploads: {
        ownUpload: async (userId, id, purpose) => {
          const row = await files.ownRow(userId, id);
          return row?.purpose === purpose ? { ...fileView(row), createdAt: row.created_at } : null;
        },
        save: async (userId, purpose, bytes) =>
          files.save(userId, purpose, await cleanImage(bytes)),
        content: async (id) => {
          const stored = await files.readAny(id);
          return {
            ...fileContent(stored),
            userId: stored.row.user_id,
            purpose: stored.row.purpose,
          };
        },
      },
      reviews: { registerKind: queue.registerKind, open: queue.open, queue },
    });
  },
});
