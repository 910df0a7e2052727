// A locked account: its passkeys (WebAuthn credentials), the ceremonies that add one or sign in with one, and the
// session a passkey starts (an HttpOnly cookie). The server: src/server/routes/passkeys.ts; the rule every route
// that acts for a player obeys: src/server/accounts/player-guard.ts.
import { z } from 'zod';
import { CleanText, Id } from './common.ts';

/** The words a player reads when a locked account is asked for without its session (player-guard.ts). */
export const LOCK_MESSAGES = {
  /** 401: no session of this player (none, expired, or signed out everywhere) */
  signIn: 'This account is locked: sign in with its passkey to play as it',
  /** 403: a session of another player */
  otherPlayer:
    'This account is locked, and you are signed in as another player: sign in with its passkey to play as it',
  /** 403: an unsafe method sent from a page of another site */
  crossOrigin: 'Refused: this request came from a page of another site',
} as const;

export const PASSKEY_NAME_MAX = 40;

/** A credential id as WebAuthn JSON carries it: base64url. */
const CredentialId = z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, 'not a credential id (base64url)');

/** The browser's answer to navigator.credentials.create / get, as @simplewebauthn/browser returns it. */
const CredentialJson = z
  .object({
    id: CredentialId,
    rawId: CredentialId,
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .loose();

export const PasskeyParams = z.object({ id: Id, passkeyId: CredentialId });

export const Ceremony = z.object({
  challenge_id: z.string().describe('send it back with the browser’s answer; used once, for 5 minutes'),
  options: z
    .record(z.string(), z.unknown())
    .describe(
      'PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON: hand to @simplewebauthn/browser',
    ),
});

export const RegisterBody = z.object({
  challenge_id: Id,
  response: CredentialJson,
  name: CleanText(PASSKEY_NAME_MAX).optional().describe('how the player will know this passkey ("Phone")'),
});
export const SignInBody = z.object({ challenge_id: Id, response: CredentialJson });

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.number().int().describe('epoch seconds'),
  used_at: z.number().int().nullable().describe('last sign-in with it (epoch seconds), or null'),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeysResponse = z.object({
  locked: z.boolean(),
  passkeys: z.array(Passkey),
});
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;

export const SessionResponse = z.object({
  user_id: z.string().nullable().describe('the player this browser is signed in as, or null'),
  expires_at: z.number().int().nullable().describe('epoch seconds; each use moves it 30 days on'),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const SignOutEverywhereResponse = z.object({ ended: z.number().int().describe('sessions ended') });
