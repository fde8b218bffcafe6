import { describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { AUDIT_COLUMNS, auditCsv, csvField, toCsv, type AuditRow } from './csv.ts';
import { EXPORT_PAGE_SIZE, fetchAuditForExport } from './export.ts';

const row = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: 'a1',
  at: '2026-03-01T10:00:00.000Z',
  operatorId: 'op1',
  operatorEmail: 'finance@ops.example',
  role: 'finance',
  action: 'adjustments.propose',
  targetType: 'user',
  targetId: '1001',
  before: null,
  after: '{"amount":"-5","asset":"USDT"}',
  reason: 'Fee refund, "duplicate"\nsecond line',
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ...over,
});

describe('audit CSV', () => {
  it('quotes a field only when it holds a comma, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('never lets a field start a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes a header, one line per row with CRLF, and a byte order mark', () => {
    const text = auditCsv([row()], (c) => c.toUpperCase());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(AUDIT_COLUMNS.map((c) => c.toUpperCase()).join(','));
    // The reason's line break stays inside its quoted field, so the row is still one record.
    expect(text.slice(1)).toContain(
      '2026-03-01T10:00:00.000Z,finance@ops.example,finance,adjustments.propose,user,1001,"Fee refund, ""duplicate""\nsecond line",,"{""amount"":""-5"",""asset"":""USDT""}",127.0.0.1,Mozilla/5.0 (X11; Linux x86_64),a1\r\n',
    );
    expect(toCsv([['x']])).toBe('x\r\n');
  });

  it('reads every page of the filter, a thousand rows at a time, up to a fixed end time', async () => {
    const total = EXPORT_PAGE_SIZE + 3;
    const seen: unknown[] = [];
    const api = vi.fn(
      async (_spec: unknown, input: { query: { current: number; size: number } }) => {
        seen.push(input.query);
        const start = (input.query.current - 1) * input.query.size;
        const count = Math.max(0, Math.min(input.query.size, total - start));
        return {
          records: Array.from({ length: count }, (_, i) => row({ id: String(start + i) })),
          total,
          current: input.query.current,
          size: input.query.size,
        };
      },
    ) as unknown as ApiCall;
    const rows = await fetchAuditForExport(
      api,
      { action: 'users.freeze' },
      () => new Date('2026-03-02T00:00:00.000Z'),
    );
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    expect(seen).toEqual([
      { action: 'users.freeze', to: '2026-03-02T00:00:00.000Z', current: 1, size: 1000 },
      { action: 'users.freeze', to: '2026-03-02T00:00:00.000Z', current: 2, size: 1000 },
    ]);
  });
});
