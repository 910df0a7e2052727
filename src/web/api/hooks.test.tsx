// @vitest-environment happy-dom
// useStrongestTeam (./hooks.ts) is the campaign's answer under the campaign's key: a page that reads both asks the
// server once, and a page without a player asks nothing. useFieldedTeam asks it only of a player with no team of their
// own: one picked, or a last one saved of heroes they still have.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CampaignResponse } from '../../api/index.ts';
import * as api from './client.ts';
import { useCampaign, useFieldedTeam, useStrongestTeam } from './hooks.ts';
import { saveActiveTeam } from '../session.ts';

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

describe('useFieldedTeam', () => {
  const heroes = ['h_1', 'h_2', 'h_3', 'h_4', 'h_5'].map((id) => ({ id }));
  function Team({ picked }: { picked: string[] | null }) {
    const { team, reading } = useFieldedTeam('u_2', picked, heroes);
    return <p data-testid="team">{reading ? 'reading' : team.join(',')}</p>;
  }
  const show = (picked: string[] | null) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Team picked={picked} />
      </QueryClientProvider>,
    );

  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.mocked(api.getCampaign).mockReset();
  });

  it('a new player: reads the strongest four, and fields them once read', async () => {
    vi.mocked(api.getCampaign).mockResolvedValue({
      strongest_team: ['h_5', 'h_3', 'h_1', 'h_2'],
    } as unknown as CampaignResponse);
    const { getByTestId } = show(null);
    expect(getByTestId('team').textContent).toBe('reading');
    await waitFor(() => expect(getByTestId('team').textContent).toBe('h_5,h_3,h_1,h_2'));
    expect(api.getCampaign).toHaveBeenCalledTimes(1);
  });

  it('a last team saved, or a team picked: fields it and asks the server nothing', () => {
    saveActiveTeam('u_2', ['h_4', 'h_2']);
    expect(show(null).getByTestId('team').textContent).toBe('h_4,h_2');
    cleanup();
    expect(show(['h_1']).getByTestId('team').textContent).toBe('h_1');
    expect(api.getCampaign).not.toHaveBeenCalled();
  });

  it('a last team of heroes all dismissed: reads the strongest four instead', async () => {
    saveActiveTeam('u_2', ['gone']);
    vi.mocked(api.getCampaign).mockResolvedValue({ strongest_team: ['h_2'] } as unknown as CampaignResponse);
    const { getByTestId } = show(null);
    await waitFor(() => expect(getByTestId('team').textContent).toBe('h_2'));
  });
});
