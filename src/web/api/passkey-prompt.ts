// The browser's side of a passkey: navigator.credentials.create / get through @simplewebauthn/browser, loaded
// only when a passkey is asked for (it stays out of the entry chunk). A prompt the player cancels, that times out,
// or that finds none of the account's passkeys on this device is a PasskeyNotGiven with words a player can read.
// The server checks every answer (src/server/accounts/passkeys.ts); nothing here is trusted.
import type { Ceremony } from './client.ts';

export class PasskeyNotGiven extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyNotGiven';
  }
}

export const PASSKEY_TEXT = {
  unsupported: 'This browser cannot use passkeys: open the game in a browser that can (over HTTPS)',
  notGiven:
    'No passkey was given: it was cancelled, timed out, or none of this account’s passkeys is on this device',
  exists: 'That passkey is already one of this account’s',
} as const;

function notGiven(err: unknown): PasskeyNotGiven {
  const name = err instanceof Error ? err.name : '';
  const code = (err as { code?: string } | null)?.code ?? '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new PasskeyNotGiven(PASSKEY_TEXT.exists);
  return new PasskeyNotGiven(PASSKEY_TEXT.notGiven);
}

async function browserSide() {
  const lib = await import('@simplewebauthn/browser');
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyNotGiven(PASSKEY_TEXT.unsupported);
  return lib;
}

/** A new passkey made by this device for the registration the server opened. */
export async function makePasskey(ceremony: Ceremony): Promise<unknown> {
  const { startRegistration } = await browserSide();
  try {
    return await startRegistration({ optionsJSON: ceremony.options as never });
  } catch (err) {
    throw notGiven(err);
  }
}

/** This device's signature for the sign-in the server opened. */
export async function givePasskey(ceremony: Ceremony): Promise<unknown> {
  const { startAuthentication } = await browserSide();
  try {
    return await startAuthentication({ optionsJSON: ceremony.options as never });
  } catch (err) {
    throw notGiven(err);
  }
}
