// /guilds — find a guild or make one: the player's own guild first (when they are in one), then Find (a search by
// name, debounced; each guild with its members, how it is joined and this week's boss; Join or Ask to join; more a
// page at a time) and This week (the guilds by bosses killed this week). Make a guild opens its form
// (./make-guild.tsx). Reached from the navigation. A guild's own page: pages/guild.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GUILD_MAX_MEMBERS, GUILD_NAME_MAX } from '../../../api/rules.ts';
import * as api from '../../api/client.ts';
import { guildKeys, useGuildList, useGuildRanking, useJoinGuild } from '../../api/guild-hooks.ts';
import { BossHealth, JoinGuildButton, PolicyBadge, sentence } from '../../components/guild-parts.tsx';
import { counted, formatNumber } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ButtonLink, ErrorBox, MorePages, Skeleton, Tabs } from '../../components/ui.tsx';
import { SearchField, useSearch } from '../../components/search-field.tsx';
import { useSignedInUser } from '../../session.ts';
import { MakeGuild } from './make-guild.tsx';
import './guilds.css';

type Tab = 'find' | 'ranking';

/** The player's own guild, at the top of the page: its name, its boss, the way to it. */
function YourGuild({ guildId, userId }: { guildId: string; userId: string }) {
  const guild = useQuery({
    queryKey: guildKeys.guild(guildId, userId),
    queryFn: () => api.getGuild(guildId, userId),
    staleTime: 30_000,
  });
  const g = guild.data;
  return (
    <Link to={`/guilds/${encodeURIComponent(guildId)}`} className="your-guild panel" data-testid="your-guild">
      <Icon name="guild" size={32} className="your-guild__icon" />
      <span className="your-guild__text">
        <span className="muted">Your guild</span>
        <strong>{g ? g.name : 'Open your guild'}</strong>
        {g && (
          <span className="muted">
            {counted(g.members.length, 'member')} · boss Lv {g.boss.level}
          </span>
        )}
      </span>
      <span className="your-guild__go" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}

function GuildRow({
  g,
  mine,
  inAGuild,
  asked,
  joining,
  onJoin,
}: {
  g: api.GuildSummary;
  mine: boolean;
  inAGuild: boolean;
  asked: boolean;
  /** the guild a join is under way for, if any */
  joining: string | null;
  onJoin: (id: string) => void;
}) {
  const busy = joining === g.id;
  const action = mine ? (
    <ButtonLink to={`/guilds/${encodeURIComponent(g.id)}`}>Your guild</ButtonLink>
  ) : (
    <JoinGuildButton
      guild={g}
      inAGuild={inAGuild}
      asked={asked}
      busy={busy}
      held={joining !== null && !busy}
      onJoin={() => onJoin(g.id)}
      variant={g.join_policy === 'request' ? 'secondary' : 'primary'}
    />
  );
  return (
    <li className="guild-row panel" data-testid="guild-row" data-guild-id={g.id}>
      <div className="guild-row__main">
        <div className="guild-row__head">
          <h3 className="guild-row__name">
            <Link to={`/guilds/${encodeURIComponent(g.id)}`}>{g.name}</Link>
          </h3>
          <PolicyBadge policy={g.join_policy} />
        </div>
        {g.description && <p className="guild-row__desc muted">{g.description}</p>}
        <p className="guild-row__facts muted tabular">
          <span data-testid="guild-members">
            <Icon name="heroes" size={14} /> {g.members}/{GUILD_MAX_MEMBERS} members
          </span>
          <span>
            <Icon name="boss" size={14} /> {counted(g.week_kills, 'boss', 'bosses')} killed this week
          </span>
        </p>
      </div>
      <div className="guild-row__boss">
        <BossHealth boss={g.boss} />
      </div>
      <div className="guild-row__action">{action}</div>
    </li>
  );
}

function FindGuild({ userId, guildId }: { userId: string; guildId: string | null }) {
  const navigate = useNavigate();
  const search = useSearch();
  const list = useGuildList(search.query, userId);
  const join = useJoinGuild(userId);
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const guilds = list.data?.pages.flatMap((p) => p.guilds) ?? [];
  const onJoin = (id: string) =>
    join.mutate(id, {
      onSuccess: (r) => {
        if (r.status === 'joined') void navigate(`/guilds/${encodeURIComponent(r.guild_id)}`);
        else setAsked((s) => new Set(s).add(id));
      },
    });
  return (
    <div className="guild-find">
      <SearchField
        search={search}
        label="Search guilds"
        placeholder="Guild name"
        maxLength={GUILD_NAME_MAX}
        className="guild-find__search"
      />
      {join.failure && (
        <ErrorBox onDismiss={join.reset}>
          <span data-testid="join-error">{sentence(join.failure)}</span>
        </ErrorBox>
      )}
      {list.isError && <ErrorBox>{api.errorText(list.error, 'Failed to fetch the guilds')}</ErrorBox>}
      {list.isPending ? (
        <div className="guild-list" aria-hidden="true">
          <Skeleton height={132} />
          <Skeleton height={132} />
          <Skeleton height={132} />
        </div>
      ) : guilds.length === 0 ? (
        <p className="empty-state panel">
          {search.query
            ? `No guild's name holds “${search.query}”.`
            : 'No guild has been made yet: make the first.'}
        </p>
      ) : (
        <ul className="guild-list" aria-label="Guilds found" aria-busy={list.isFetching || undefined}>
          {guilds.map((g) => (
            <GuildRow
              key={g.id}
              g={g}
              mine={g.id === guildId}
              inAGuild={guildId !== null}
              asked={asked.has(g.id) || g.asked === true}
              joining={join.isPending ? join.variables : null}
              onJoin={onJoin}
            />
          ))}
        </ul>
      )}
      <MorePages pages={list} block>
        Show more guilds
      </MorePages>
    </div>
  );
}

function Ranking({ guildId }: { guildId: string | null }) {
  const ranking = useGuildRanking();
  const guilds = ranking.data?.guilds ?? [];
  if (ranking.isPending)
    return (
      <div className="guild-list" aria-hidden="true">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  if (ranking.isError)
    return <ErrorBox>{api.errorText(ranking.error, 'Failed to fetch the ranking')}</ErrorBox>;
  if (guilds.length === 0)
    return <p className="empty-state panel">No guild has killed a boss this week yet.</p>;
  return (
    <ol className="guild-ranking panel" aria-label="Guilds by bosses killed this week">
      {guilds.map((g) => (
        <li
          key={g.id}
          className={`guild-ranking__row${g.id === guildId ? ' guild-ranking__row--mine' : ''}${
            g.rank <= 3 ? ` guild-ranking__row--top${g.rank}` : ''
          }`}
          data-testid="ranking-row"
        >
          <span className="guild-ranking__rank tabular">{g.rank}</span>
          <span className="guild-ranking__who">
            <Link to={`/guilds/${encodeURIComponent(g.id)}`}>{g.name}</Link>
            <span className="muted">
              {g.members}/{GUILD_MAX_MEMBERS} members · boss Lv {g.boss.level}
            </span>
          </span>
          <span className="guild-ranking__kills tabular">
            <strong>{formatNumber(g.week_kills)}</strong>
            <span className="muted">{g.week_kills === 1 ? 'kill' : 'kills'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function GuildsPage() {
  const user = useSignedInUser();
  const guildId = user.guild_id ?? null;
  const [tab, setTab] = useState<Tab>('find');
  const [making, setMaking] = useState(false);
  return (
    <section className="guilds-page">
      <header className="page-head">
        <div>
          <h1>Guilds</h1>
          <p className="muted guilds-page__lede">
            Join a guild to talk with its members and fight its weekly boss together.
          </p>
        </div>
        {!guildId && (
          <Button onClick={() => setMaking(true)} data-testid="make-guild">
            <Icon name="guild" size={18} /> Make a guild
          </Button>
        )}
      </header>
      {guildId && <YourGuild guildId={guildId} userId={user.id} />}
      <Tabs<Tab>
        label="Guilds"
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'find', label: 'Find a guild' },
          { key: 'ranking', label: 'This week’s ranking' },
        ]}
      />
      <div role="tabpanel" aria-label={tab === 'find' ? 'Find a guild' : 'This week’s ranking'}>
        {tab === 'find' ? <FindGuild userId={user.id} guildId={guildId} /> : <Ranking guildId={guildId} />}
      </div>
      {making && <MakeGuild userId={user.id} onClose={() => setMaking(false)} />}
    </section>
  );
}
