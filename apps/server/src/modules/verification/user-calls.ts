import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getBankCard,
  getVerification,
  saveBankCard,
  uploadKYC,
  verified,
  type VerificationSubmission,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { Answer, registerCall } from '../../kernel/http/register-call.ts';
import type { BankCards } from './bank-cards.ts';
import { submitAdvanced, submitPrimary, type SubmitDeps } from './submit-verification.ts';
import { statusOf } from './verification-status.ts';

export interface UserCallDeps extends SubmitDeps {
  bankCards: BankCards;
}

/**
 * Verification and bank cards for the signed-in user, in both call families: the older
 * `uploadKYC` (query) and the newer `member/verified` (body) are one use case.
 */
export function registerVerificationUserCalls(
  app: FastifyInstance,
  head: string,
  deps: UserCallDeps,
) {
  const { db, bankCards } = deps;

  // The seed's messages: "basic certification success" for the primary step, "submission
  // success, awaiting review" for the advanced one.
  async function submit(submission: VerificationSubmission, request: FastifyRequest) {
    const { userId } = principalOf(request);
    if (submission.level === 'primary') await submitPrimary(deps, userId, submission);
    else await submitAdvanced(deps, userId, submission);
    const status = await statusOf(db, userId);
    return new Answer(
      200,
      submission.level === 'primary' ? 'basicCertified' : 'kycSubmitted',
      status,
    );
  }

  registerCall(app, head, uploadKYC, async ({ query }, request) => submit(query, request));
  registerCall(app, head, verified, async ({ body }, request) => submit(body, request));
  registerCall(app, head, getVerification, async (_input, request) =>
    statusOf(db, principalOf(request).userId),
  );

  registerCall(
    app,
    head,
    saveBankCard,
    async ({ body }, request) =>
      new Answer(200, 'bankCardBound', await bankCards.bind(principalOf(request).userId, body)),
  );
  registerCall(app, head, getBankCard, async (_input, request) =>
    bankCards.get(principalOf(request).userId),
  );
}
