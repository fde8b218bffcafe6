import type { FastifyInstance } from 'fastify';
import {
  getDepositAddress,
  getRechargeCurrency,
  getRechargeLog,
  simulateDeposit,
  type ChainDepositRecord,
} from '@meridian/contract';
import { sql } from 'kysely';
import { formatUnits, parseUnits, UnitsError } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { Answer, registerCall } from '../../kernel/http/register-call.ts';
import type { Catalogue } from '../markets/index.ts';
import type { AddressProvider } from './address-provider.ts';
import type { AddressBook } from './addresses.ts';
import { rechargeView } from './bank-recharges.ts';
import type { BankTables } from './bank-tables.ts';
import type { CreditRules } from './credits.ts';
import { COIN_NETWORKS, NETWORKS, type DepositNetwork } from './networks.ts';
import type { SimulatedChain } from './simulated-chain.ts';
import type { ChainDepositsTable, DepositDb } from './tables.ts';

export interface DepositCallDeps {
  db: DepositDb;
  catalogue: Catalogue;
  provider: AddressProvider;
  addresses: AddressBook;
  rules: CreditRules;
  chain: SimulatedChain;
  demoMode: boolean;
  /** The networks the simulated chain carries (a simulated deposit goes only there). */
  simulated: readonly string[];
  /** One pass of the credits (what the watcher has seen becomes records). */
  watchNow(): Promise<void>;
}

/** A simulated deposit may be at most this many whole coins (it mints demo money). */
const SIMULATED_MAX_WHOLE = 1_000_000n;

export function registerDepositCalls(app: FastifyInstance, head: string, deps: DepositCallDeps) {
  const { db, catalogue, provider, addresses, rules, chain } = deps;

  /** The networks a coin takes deposits on now: its catalogue switch, and a key to derive with. */
  function networksOf(code: string): DepositNetwork[] {
    const coin = catalogue.coin(code);
    const spec = COIN_NETWORKS[code];
    if (!coin?.depositEnabled || !spec) return [];
    return spec.networks
      .map((n) => NETWORKS[n]!)
      .filter((network) => provider.supports(network.scheme));
  }

  function networkView(coin: string, network: DepositNetwork) {
    return {
      network: network.code,
      name: network.name,
      confirmations: rules.confirmations(coin),
      minDeposit: rules.minimum(coin),
    };
  }

  function resolve(coin: string, network: string | undefined): DepositNetwork {
    const offered = networksOf(coin);
    if (offered.length === 0) throw new AppError('failure', 'depositsUnavailable', {}, 'coin');
    if (network === undefined) return offered[0]!;
    const chosen = offered.find((n) => n.code === network);
    if (!chosen) throw new AppError('validation', 'depositNetworkUnavailable', {}, 'network');
    return chosen;
  }

  registerCall(app, head, getRechargeCurrency, async () =>
    catalogue.coins().flatMap((coin) => {
      const networks = networksOf(coin.code);
      if (networks.length === 0) return [];
      return [
        {
          coin: coin.code,
          name: coin.name,
          icon: coin.icon,
          decimals: coin.decimals,
          networks: networks.map((n) => networkView(coin.code, n)),
        },
      ];
    }),
  );

  registerCall(app, head, getDepositAddress, async ({ params, query }, request) => {
    const { userId } = principalOf(request);
    const network = resolve(params.coin, query.network);
    const row = await addresses.addressFor(userId, params.coin, network);
    return { coin: params.coin, address: row.address, ...networkView(params.coin, network) };
  });

  // Both ways in one log, newest first: the page is cut from the union of the two tables'
  // (id, way, time), then each row is read from its own table.
  registerCall(app, head, getRechargeLog, async ({ body }, request) => {
    const { userId } = principalOf(request);
    const all = db.withTables<BankTables>();
    let chain = all
      .selectFrom('chain_deposits')
      .select(['id', sql<string>`'chain'`.as('way'), 'seen_at as at'])
      .where('user_id', '=', userId);
    let bank = all
      .selectFrom('bank_recharges')
      .select(['id', sql<string>`'bank'`.as('way'), 'created_at as at'])
      .where('user_id', '=', userId);
    if (body.coin) {
      chain = chain.where('coin', '=', body.coin);
      bank = bank.where('coin', '=', body.coin);
    }
    const union = body.way === 'chain' ? chain : body.way === 'bank' ? bank : chain.unionAll(bank);
    const counted = await all
      .selectFrom(union.as('d'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const page = await all
      .selectFrom(union.as('d'))
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(body.size)
      .offset((body.page - 1) * body.size)
      .execute();
    const ids = (way: string) => page.filter((row) => row.way === way).map((row) => row.id);
    const [chainRows, bankRows] = await Promise.all([
      ids('chain').length
        ? all.selectFrom('chain_deposits').selectAll().where('id', 'in', ids('chain')).execute()
        : [],
      ids('bank').length
        ? all.selectFrom('bank_recharges').selectAll().where('id', 'in', ids('bank')).execute()
        : [],
    ]);
    const chainById = new Map(chainRows.map((row) => [row.id, recordView(row)]));
    const bankById = new Map(
      bankRows.map((row) => [
        row.id,
        { ...rechargeView(row), type: 1 as const, way: 'bank' as const },
      ]),
    );
    return {
      list: page.map((row) => (row.way === 'chain' ? chainById : bankById).get(row.id)!),
      total: Number(counted?.n ?? 0),
      page: body.page,
      size: body.size,
    };
  });

  registerCall(app, head, simulateDeposit, async ({ body }, request) => {
    if (!deps.demoMode) throw new AppError('forbidden', 'demoOnly');
    const { userId } = principalOf(request);
    const network = resolve(body.coin, body.network);
    if (!deps.simulated.includes(network.code)) {
      throw new AppError('validation', 'depositNetworkUnavailable', {}, 'network');
    }
    const decimals = catalogue.coin(body.coin)!.decimals;
    let units: bigint;
    try {
      units = parseUnits(body.amount, decimals, {
        max: SIMULATED_MAX_WHOLE * 10n ** BigInt(decimals),
      });
    } catch (error) {
      if (!(error instanceof UnitsError)) throw error;
      if (error.reason === 'range') {
        throw new AppError('validation', 'amountTooLarge', { field: 'amount' }, 'amount');
      }
      throw new AppError('validation', 'depositAmountPrecision', { decimals }, 'amount');
    }
    if (units <= 0n) throw new AppError('validation', 'zeroAmount', { field: 'amount' }, 'amount');
    // Written canonically ("0.50" is 0.5), as every record and ledger line shows amounts.
    const amount = formatUnits(units, decimals);
    const { address } = await addresses.addressFor(userId, body.coin, network);
    const sent = await chain.send(network.code, address, body.coin, amount);
    // The watcher sees it in the mempool now, so the user's list shows it at once.
    await deps.watchNow();
    return new Answer(200, 'simulatedDepositSent', {
      coin: body.coin,
      network: network.code,
      address,
      amount,
      ...sent,
    });
  });
}

function recordView(row: ChainDepositsTable): ChainDepositRecord {
  return {
    id: row.id,
    type: 1,
    way: 'chain',
    coin: row.coin,
    network: row.network,
    address: row.address,
    txid: row.txid,
    vout: Number(row.vout),
    amount: row.amount,
    confirmations: Math.min(Number(row.confirmations), Number(row.required)),
    required: Number(row.required),
    status: row.status === 'crediting' ? 'confirming' : row.status,
    createTime: row.seen_at,
    creditTime: row.credited_at,
  };
}
