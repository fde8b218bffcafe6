import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { health, type HealthData } from '@meridian/contract/calls/system';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import { StoragePanel } from './StoragePanel.tsx';

const HEALTH: HealthData = {
  status: 'ok',
  version: '1',
  deploymentId: 'd',
  startedAt: '2026-11-25T00:00:00.000Z',
  uptimeSeconds: 60,
  engine: { store: 'postgres', role: 'leader', seq: 1234567 },
  components: {
    database: { status: 'up', driver: 'postgres' },
    broker: { status: 'up' },
    market: { status: 'up' },
  },
};

function show(data: HealthData) {
  const call = vi.fn(async (spec: CallSpec) => (spec === health ? data : undefined));
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  render(
    <TestProviders api={api}>
      <OpsApiProvider api={api}>
        <StoragePanel />
      </OpsApiProvider>
    </TestProviders>,
  );
}

describe('the dashboard’s data panel', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['retention']);
  });
  afterEach(cleanup);

  it('says where the engine keeps its journal and its last command', async () => {
    show(HEALTH);
    const line = await screen.findByTestId('engine-store');
    expect(line.textContent).toBe(
      "The engine's journal is in PostgreSQL: a standby process takes over if this one stops. Last command: 1,234,567.",
    );
    cleanup();
    show({ ...HEALTH, engine: { store: 'file', role: 'leader', seq: 42 } });
    expect((await screen.findByTestId('engine-store')).textContent).toMatch(
      /in files under DATA_DIR: this process alone runs it\. Last command: 42\./,
    );
    cleanup();
    show({ ...HEALTH, engine: { store: 'postgres', role: 'replica', seq: 7 } });
    expect((await screen.findByTestId('engine-store')).textContent).toMatch(
      /a replica of the engine; its commands go to the leading process\. Last command applied: 7\./,
    );
  });
});
