// @vitest-environment happy-dom
// useStrongestTeam (./hooks.ts) is the campaign's answer under the campaign's key: a page that reads both asks the
// server once, and a page without a player asks nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CampaignResponse } from '../../api/index.ts';
import * as api from './client.ts';
import { useCampaign, useStrongestTeam } from './hooks.ts';

vi.mock('./client.ts', async (original) => ({
  ...(await original<typeof import('./client.ts')>()),
  getCampaign: vi.fn(),
}));

function Both({ userId }: { userId: string | undefined }) {
  const campaign = useCampaign(userId ?? '');
  const strongest = useStrongestTeam(userId);
  return (
    <p data-testid="read">
      {campaign.data ? 'campaign' : '-'}|{strongest.data?.join(',') ?? '-'}
    </p>
  );
}

const view = (userId: string | undefined) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      {userId === undefined ? <StrongestOnly /> : <Both userId={userId} />}
    </QueryClientProvider>,
  );

function StrongestOnly() {
  const strongest = useStrongestTeam(undefined);
  return <p data-testid="read">{strongest.fetchStatus}</p>;
}

describe('useStrongestTeam', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(api.getCampaign).mockReset();
  });

  it('answers strongest_team from the one campaign read the campaign hook makes', async () => {
    vi.mocked(api.getCampaign).mockResolvedValue({
      strongest_team: ['h_3', 'h_1', 'h_2'],
    } as unknown as CampaignResponse);
    const { getByTestId } = view('u_1');
    await waitFor(() => expect(getByTestId('read').textContent).toBe('campaign|h_3,h_1,h_2'));
    expect(api.getCampaign).toHaveBeenCalledTimes(1);
    expect(api.getCampaign).toHaveBeenCalledWith('u_1');
  });

  it('asks nothing without a player', () => {
    const { getByTestId } = view(undefined);
    expect(getByTestId('read').textContent).toBe('idle');
    expect(api.getCampaign).not.toHaveBeenCalled();
  });
});
