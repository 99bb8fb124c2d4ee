import * as v from 'valibot';
import { IdentityProofEntries } from '../schemas/auth-schemas';
import { TimestampSchema } from './common';

/** The longest name a person gives a passkey ("Pixel 8", "YubiKey at the office"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

const base64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*$/));
const challengeToken = v.pipe(v.string(), v.maxLength(200));

const CredentialDescriptorSchema = v.object({
  id: v.string(),
  type: v.literal('public-key'),
  transports: v.optional(v.array(v.string())),
});

/**
 * What `navigator.credentials.create` needs (PublicKeyCredentialCreationOptionsJSON, WebAuthn's
 * JSON form: binary values in base64url), as the server library writes it; the browser library
 * reads it as it is.
 */
export const PasskeyCreationOptionsSchema = v.object({
  challenge: v.string(),
  rp: v.object({ id: v.optional(v.string()), name: v.string() }),
  user: v.object({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.object({ alg: v.number(), type: v.literal('public-key') })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(CredentialDescriptorSchema)),
  authenticatorSelection: v.optional(
    v.object({
      authenticatorAttachment: v.optional(v.string()),
      requireResidentKey: v.optional(v.boolean()),
      residentKey: v.optional(v.string()),
      userVerification: v.optional(v.string()),
    }),
  ),
  hints: v.optional(v.array(v.string())),
  attestation: v.optional(v.string()),
  attestationFormats: v.optional(v.array(v.string())),
  extensions: v.optional(v.object({ credProps: v.optional(v.boolean()) })),
});

/** What `navigator.credentials.get` needs (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptionsSchema = v.object({
  challenge: v.string(),
  timeout: v.optional(v.number()),
  rpId: v.optional(v.string()),
  allowCredentials: v.optional(v.array(CredentialDescriptorSchema)),
  userVerification: v.optional(v.string()),
  hints: v.optional(v.array(v.string())),
});

/** A new passkey's answer (RegistrationResponseJSON): attestation 'none' is all this server asks for. */
const RegistrationResponseSchema = v.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16_000),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(10))),
  }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown())),
  authenticatorAttachment: v.optional(v.string()),
});

/** A passkey's signature (AuthenticationResponseJSON). */
const AuthenticationResponseSchema = v.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: v.optional(base64url(200)),
  }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown())),
  authenticatorAttachment: v.optional(v.string()),
});

/** `POST /auth/passkeys/registration/options`: adding a way in needs the password (or a code of the app). */
export const PasskeyRegistrationStartSchema = v.object({ ...IdentityProofEntries });

/** `POST /auth/passkeys/registration`: the authenticator's answer and the name shown in Settings. */
export const PasskeyRegistrationSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PASSKEY_NAME_MAX_LENGTH)),
  response: RegistrationResponseSchema,
});

/** `DELETE /auth/passkeys/{id}`: the password, or a code of the authenticator app. */
export const PasskeyRemoveSchema = v.object({ ...IdentityProofEntries });

/** `POST /auth/passkeys/sign-in`: a passkey alone (verified by PIN or biometrics) opens a session. */
export const PasskeySignInSchema = v.object({ response: AuthenticationResponseSchema });

/** `POST /auth/passkeys/second-factor/options`: the password step's challenge. */
export const PasskeySecondFactorStartSchema = v.object({ challenge_token: challengeToken });

/** `POST /auth/passkeys/second-factor`: a passkey instead of the app's code, after the password. */
export const PasskeySecondFactorSchema = v.object({
  challenge_token: challengeToken,
  response: AuthenticationResponseSchema,
  remember_device: v.optional(v.boolean()),
});

export const PasskeySchema = v.object({
  id: v.string(),
  name: v.string(),
  created_at: TimestampSchema,
  last_used_at: v.nullable(TimestampSchema),
  backed_up: v.pipe(v.boolean(), v.description('Synced by its provider to the owner’s other devices')),
});
export type Passkey = v.InferOutput<typeof PasskeySchema>;

export const PasskeyListSchema = v.object({ passkeys: v.array(PasskeySchema) });
export type PasskeyList = v.InferOutput<typeof PasskeyListSchema>;
