import { encodable, type EngineCommand } from '@meridian/core';
import type { Unsequenced } from './engine-host.ts';

/**
 * The first identifier of a command that cannot travel in a journal record (a tab or a
 * newline would break it), named as the caller's field; undefined when all can.
 */
export function unencodableIdentifier(
  fields: Unsequenced<EngineCommand>,
): [field: string, value: string] | undefined {
  return identifiers(fields).find(([, value]) => !encodable(value));
}

/** The identifiers a command carries into its journal record, named for a refusal. */
function identifiers(fields: Unsequenced<EngineCommand>): Array<[string, string]> {
  switch (fields.type) {
    case 'withdrawal':
    case 'deposit':
    case 'transfer':
      return [
        ['user', fields.user],
        ['asset', fields.asset],
        ['ref', fields.ref],
      ];
    case 'adjust':
      return [
        ['from', fields.from],
        ['to', fields.to],
        ['ref', fields.ref],
      ];
    case 'index':
      // `=` separates a market from its price inside the record.
      return fields.prices.map(([market]) => ['market', market]);
    case 'seconds-open':
      return [
        ['user', fields.user],
        ['symbol', fields.market],
        ...(fields.clientRef !== undefined
          ? [['Idempotency-Key', fields.clientRef] as [string, string]]
          : []),
      ];
    case 'place':
      return [
        ['user', fields.user],
        ['market', fields.market],
        ...(fields.clientRef !== undefined
          ? [['Idempotency-Key', fields.clientRef] as [string, string]]
          : []),
        ...(fields.clientOrderId !== undefined
          ? [['clientOrderId', fields.clientOrderId] as [string, string]]
          : []),
      ];
    case 'cancel':
      return [
        ['user', fields.user],
        ['market', fields.market],
      ];
    case 'list-asset':
      return [['code', fields.asset]];
    case 'list-market':
      return [
        ['symbol', fields.market],
        ['base', fields.base],
        ['quote', fields.quote],
      ];
    case 'market-state':
      return [['symbol', fields.market]];
    case 'maker-holds':
      return [];
    case 'market-fees':
      return [
        ['symbol', fields.market],
        ['ref', fields.ref],
      ];
    case 'swap':
      return [
        ['user', fields.user],
        ['from', fields.from],
        ['to', fields.to],
        ['ref', fields.ref],
      ];
    case 'earn':
      return earnIdentifiers(fields);
    case 'perp':
    case 'margin':
      // The step travels as JSON, which escapes tabs and newlines itself.
      return [];
  }
}

function earnIdentifiers(
  fields: Extract<Unsequenced<EngineCommand>, { type: 'earn' }>,
): Array<[string, string]> {
  if (fields.op === 'open') {
    return [
      ['position', fields.position],
      ['product', fields.product],
      ['user', fields.user],
      ['asset', fields.asset],
    ];
  }
  if (fields.op === 'close') return [['position', fields.position]];
  return fields.due.map(([position]): [string, string] => ['position', position]);
}
