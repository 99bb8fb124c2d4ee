import * as v from 'valibot';
import { IdentityProofEntries } from '../schemas/auth-schemas';
import { TimestampSchema } from './common';

/** The longest code a form sends: a 6-digit TOTP or a recovery code (`XXXXX-XXXXX`), with room for spaces. */
export const TWO_FACTOR_CODE_MAX_LENGTH = 32;

const code = v.pipe(v.string(), v.trim(), v.maxLength(TWO_FACTOR_CODE_MAX_LENGTH));
const challengeToken = v.pipe(v.string(), v.maxLength(200));

/**
 * `POST /auth/login` and `POST /admin/auth/login`, 202: the password was right but no session
 * exists yet. `code`: send a second factor to `…/two-factor/sign-in`; `enrol` (admins without
 * one): set up an authenticator with `…/two-factor/enrolment` first.
 */
export const TwoFactorChallengeSchema = v.object({
  two_factor: v.picklist(['code', 'enrol']),
  /** How this account can answer: `code` (authenticator app or recovery code), `passkey`. */
  methods: v.array(v.picklist(['code', 'passkey'])),
  challenge_token: v.pipe(v.string(), v.description('Valid for 5 minutes and 5 wrong codes')),
  expires_at: TimestampSchema,
  message: v.string(),
});
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallengeSchema>;

/** `POST /auth/two-factor/sign-in`: the challenge and a TOTP code or a recovery code. */
export const TwoFactorSignInSchema = v.object({
  challenge_token: challengeToken,
  code,
  remember_device: v.optional(v.pipe(v.boolean(), v.description('Skip the second factor in this browser for 30 days'))),
});
export type TwoFactorSignInInput = v.InferInput<typeof TwoFactorSignInSchema>;

/** `GET /auth/two-factor`: whether the account has a second factor. */
export const TwoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  enabled_at: v.nullable(TimestampSchema),
  recovery_codes_left: v.pipe(v.number(), v.integer()),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>;

/** A new authenticator's secret: shown while it is being set up, never again once confirmed. */
export const TwoFactorEnrolmentSchema = v.object({
  secret: v.pipe(v.string(), v.description('Base32, for typing into the app by hand')),
  otpauth_uri: v.string(),
  qr_code: v.pipe(v.string(), v.description('The otpauth URI as an SVG image, a data: URL')),
});
export type TwoFactorEnrolment = v.InferOutput<typeof TwoFactorEnrolmentSchema>;

/** `POST /auth/two-factor/enrolment`: starting a set-up needs the password (a stolen session must not bind its own phone). */
export const TwoFactorEnrolBodySchema = v.object({ ...IdentityProofEntries });

/** `POST /auth/two-factor/enrolment/confirm`: the first code the app shows turns it on. */
export const TwoFactorCodeBodySchema = v.object({ code });

/** Ten single-use recovery codes: answered once, stored only as digests. */
export const RecoveryCodesSchema = v.object({ recovery_codes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;

/** `DELETE /auth/two-factor`: the password and a code (or a recovery code). */
export const TwoFactorDisableSchema = v.object({ ...IdentityProofEntries });

/** `POST /admin/auth/two-factor/enrolment`: an admin enrolling before their first session. */
export const AdminEnrolBodySchema = v.object({ challenge_token: challengeToken });
export const AdminEnrolConfirmSchema = v.object({ challenge_token: challengeToken, code });
/** The admin's first session, and their recovery codes (shown once). */
export const AdminEnrolledSchema = v.object({ access_token: v.string(), recovery_codes: v.array(v.string()) });
