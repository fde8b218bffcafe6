import type { BankCard } from '@meridian/contract';
import type { z } from 'zod';
import type { bankCardInputSchema } from '@meridian/contract';
import { cardNumberProblem, maskCardNumber, normalizeCardNumber } from '@meridian/core';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { isUniqueViolation } from '../identity/index.ts';
import type { BankCardsTable, VerificationDb } from './tables.ts';

type BankCardInput = z.output<typeof bankCardInputSchema>;

/** A card as shown anywhere, its owner's pages included: the number masked. */
function cardView(row: BankCardsTable): BankCard {
  return {
    cardNumber: maskCardNumber(row.card_number),
    bankName: row.bank_name,
    bankAddress: row.bank_address,
    bankCode: row.bank_code,
    branch: row.branch,
    homeAddress: row.home_address,
    createTime: row.created_at,
  };
}

/**
 * Bank cards (seed sections 4 and 6): one per user, bound once; "the bank card cannot be
 * changed once bound". The user id is the table's key, so a second save is refused by the
 * database itself, however many arrive together.
 */
export function createBankCards(db: VerificationDb, clock: Clock) {
  async function find(userId: string) {
    return db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  return {
    async get(userId: string): Promise<BankCard | null> {
      const row = await find(userId);
      return row ? cardView(row) : null;
    },

    /** The card with its whole number: only for paying a withdrawal to it, audited there. */
    async whole(userId: string): Promise<BankCard | null> {
      const row = await find(userId);
      return row ? { ...cardView(row), cardNumber: row.card_number } : null;
    },

    async bind(userId: string, input: BankCardInput): Promise<BankCard> {
      const cardNumber = normalizeCardNumber(input.cardNumber);
      const problem = cardNumberProblem(cardNumber);
      if (problem) throw new AppError('validation', problem, {}, 'cardNumber');
      // Asked first for the clear answer; the key below decides a race.
      if (await find(userId)) throw new AppError('conflict', 'bankCardAlreadyBound');
      const row: BankCardsTable = {
        user_id: userId,
        card_number: cardNumber,
        bank_name: input.bankName,
        bank_address: input.bankAddress ?? null,
        bank_code: input.bankCode ?? null,
        branch: input.branch ?? null,
        home_address: input.homeAddress ?? null,
        created_at: iso(clock.now()),
      };
      try {
        await db.insertInto('bank_cards').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'bankCardAlreadyBound');
        throw error;
      }
      return cardView(row);
    },
  };
}

export type BankCards = ReturnType<typeof createBankCards>;
