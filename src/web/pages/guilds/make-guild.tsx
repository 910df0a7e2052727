// Make a guild (a modal over /guilds): its name (GUILD_NAME_MIN–GUILD_NAME_MAX characters, unique whatever the case),
// a short description, and who may join — anyone, or those an officer or the leader accepts. The server's refusal (a
// name taken, the hour's wait after leaving a guild) shows above the buttons; made, the guild's page opens.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GUILD_DESCRIPTION_MAX, GUILD_NAME_MAX, GUILD_NAME_MIN } from '../../../api/rules.ts';
import { useCreateGuild } from '../../api/guild-hooks.ts';
import { sentence } from '../../components/guild-parts.tsx';
import { Button, ErrorBox, Modal } from '../../components/ui.tsx';

const POLICIES = [
  { value: 'open', label: 'Anyone', note: 'A player joins at once.' },
  { value: 'request', label: 'By request', note: 'A player asks; you or an officer accept.' },
] as const;

export function MakeGuild({ userId, onClose }: { userId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateGuild(userId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [policy, setPolicy] = useState<'open' | 'request'>('open');
  const ids = { name: useId(), nameHint: useId(), description: useId(), form: useId() };
  const short = name.trim().length < GUILD_NAME_MIN;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (short) return;
    create.mutate(
      { name: name.trim(), description: description.trim() || undefined, join_policy: policy },
      {
        onSuccess: (g) => {
          onClose();
          void navigate(`/guilds/${encodeURIComponent(g.id)}`);
        },
      },
    );
  };
  return (
    <Modal
      title="Make a guild"
      subtitle="You lead it: name officers, accept members, and fight its boss together."
      onClose={onClose}
      className="make-guild"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={ids.form}
            busy={create.isPending}
            busyText="Making..."
            disabled={short}
            title={short ? `A guild's name is ${GUILD_NAME_MIN}–${GUILD_NAME_MAX} characters` : undefined}
            data-testid="make-guild-submit"
          >
            Make guild
          </Button>
        </>
      }
    >
      <form id={ids.form} className="make-guild__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input
            id={ids.name}
            className="input"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (create.failure) create.reset();
            }}
            maxLength={GUILD_NAME_MAX}
            autoComplete="off"
            aria-describedby={ids.nameHint}
            required
          />
          <span id={ids.nameHint} className="muted make-guild__hint">
            {GUILD_NAME_MIN}–{GUILD_NAME_MAX} characters, not taken by another guild ·{' '}
            <span className="tabular">
              {name.trim().length}/{GUILD_NAME_MAX}
            </span>
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            className="input make-guild__description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={GUILD_DESCRIPTION_MAX}
            rows={3}
            placeholder="Who you are, when you play, what you seek"
          />
          <span className="muted make-guild__hint tabular">
            {description.length}/{GUILD_DESCRIPTION_MAX}
          </span>
        </div>
        <fieldset className="make-guild__policy">
          <legend>Who may join</legend>
          {POLICIES.map((p) => (
            <label key={p.value} className="raised-row make-guild__choice">
              <input
                type="radio"
                name="join_policy"
                value={p.value}
                checked={policy === p.value}
                onChange={() => setPolicy(p.value)}
              />
              <span>
                <strong>{p.label}</strong>
                <span className="muted">{p.note}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {create.failure && (
          <ErrorBox onDismiss={create.reset}>
            <span data-testid="make-guild-error">{sentence(create.failure)}</span>
          </ErrorBox>
        )}
      </form>
    </Modal>
  );
}
