import type { OperatorDb } from './tables.ts';

export interface AuditFilter {
  operator?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  current: number;
  size: number;
}

/** The audit log, newest first; `operator` matches an operator's id or email. */
export async function queryAudit(db: OperatorDb, filter: AuditFilter) {
  let base = db.selectFrom('audit_log');
  if (filter.operator) {
    const who = filter.operator;
    base = base.where((eb) => eb.or([eb('operator_id', '=', who), eb('operator_email', '=', who)]));
  }
  if (filter.action) base = base.where('action', '=', filter.action);
  if (filter.targetType) base = base.where('target_type', '=', filter.targetType);
  if (filter.targetId) base = base.where('target_id', '=', filter.targetId);
  if (filter.from) base = base.where('at', '>=', new Date(filter.from).toISOString());
  if (filter.to) base = base.where('at', '<', new Date(filter.to).toISOString());
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.size)
      .offset((filter.current - 1) * filter.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({
      id: String(r.id),
      at: r.at,
      operatorId: r.operator_id,
      operatorEmail: r.operator_email,
      role: r.role,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before_json,
      after: r.after_json,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.user_agent,
    })),
    total: Number(count.n),
    current: filter.current,
    size: filter.size,
  };
}
