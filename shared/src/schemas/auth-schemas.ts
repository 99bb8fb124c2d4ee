import * as v from 'valibot';
import { issueMessage } from './issue-messages';
import { VALIDATION_MESSAGES as M } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 255;
export const CITY_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 128;

export const ACCOUNT_TYPES = ['client', 'specialist'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const SPECIALIST_KINDS = ['contractor', 'vendor', 'artisan', 'expert'] as const;
export type SpecialistKind = (typeof SPECIALIST_KINDS)[number];
export const SCHEMA_LOCALES = ['en', 'fr'] as const;

const required = issueMessage(M.required);
const max = (amount: number) => issueMessage(M.maxLength, { amount });

/**
 * A missing key is read as an empty string, so a field left out of a request
 * gets the same message as a field left blank in the form.
 */
function field<T extends v.GenericSchema<string, string>>(schema: T) {
  return v.optional(schema, '');
}

/** A trimmed, non-empty string; `empty` is the message when it is blank or missing. */
function text(empty: string, maxLength: number) {
  return field(v.pipe(v.string(empty), v.trim(), v.nonEmpty(empty), v.maxLength(maxLength, max(maxLength))));
}

function email(empty: string) {
  return field(
    v.pipe(
      v.string(empty),
      v.trim(),
      v.nonEmpty(empty),
      // A nested schema stops the pipe after an issue: a blank field gets one message, not two.
      v.pipe(v.string(), v.email(issueMessage(M.email)), v.maxLength(EMAIL_MAX_LENGTH, max(EMAIL_MAX_LENGTH))),
    ),
  );
}

// Digits with optional leading +, spaces, dots, dashes and brackets; 7 to 15 digits in all.
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const phoneNumber = field(
  v.pipe(
    v.string(issueMessage(M.phone)),
    v.trim(),
    v.nonEmpty(issueMessage(M.phone)),
    v.pipe(
      v.string(),
      v.regex(PHONE_PATTERN, issueMessage(M.phone)),
      v.check((value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 7 && digits <= 15;
      }, issueMessage(M.phone)),
    ),
  ),
);

/** Spec §5: at least 8 characters, one number, one lowercase and one uppercase letter; one message per unmet rule. */
export const PasswordSchema = field(
  v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.pipe(
      v.string(),
      v.minLength(PASSWORD_MIN_LENGTH, issueMessage(M.minLength, { amount: PASSWORD_MIN_LENGTH })),
      v.maxLength(PASSWORD_MAX_LENGTH, max(PASSWORD_MAX_LENGTH)),
      v.regex(/\d/, issueMessage(M.passwordNumber)),
      v.regex(/\p{Ll}/u, issueMessage(M.passwordLowercase)),
      v.regex(/\p{Lu}/u, issueMessage(M.passwordUppercase)),
    ),
  ),
);

const passwordConfirmation = field(v.pipe(v.string(required), v.nonEmpty(required)));

const mismatch = issueMessage(M.passwordMismatch);
const passwordsMatch = (input: { password: string; password_confirmation: string }) => input.password === input.password_confirmation;

export const SignInSchema = v.object(
  {
    email: email(issueMessage(M.enterEmail)),
    password: field(v.pipe(v.string(issueMessage(M.enterPassword)), v.nonEmpty(issueMessage(M.enterPassword)))),
  },
  required,
);

/** The code step of a sign-in, or of a set-up: what the authenticator app shows, or a recovery code. */
export const TwoFactorCodeFormSchema = v.object(
  {
    code: field(
      v.pipe(v.string(issueMessage(M.enterTwoFactorCode)), v.trim(), v.nonEmpty(issueMessage(M.enterTwoFactorCode)), v.maxLength(32, max(32))),
    ),
  },
  required,
);

/** A form asking only for the current password (the API says when it is missing or wrong). */
export const CurrentPasswordFormSchema = v.object({ current_password: field(v.string()) });

/** Adding a passkey: the name shown in Settings (as `PASSKEY_NAME_MAX_LENGTH` in the contract) and the password. */
export const AddPasskeyFormSchema = v.object({ name: text(required, 60), current_password: field(v.string()) });

/** Turning two-factor off: the current password and a code. */
export const TwoFactorDisableFormSchema = v.object({ current_password: field(v.string()), ...TwoFactorCodeFormSchema.entries });

/** Step 1 of sign-up: personal info. */
export const SignUpPersonalEntries = {
  first_name: text(issueMessage(M.enterFirstName), NAME_MAX_LENGTH),
  last_name: text(issueMessage(M.enterLastName), NAME_MAX_LENGTH),
  email: email(required),
  country: field(v.pipe(v.string(issueMessage(M.selectCountry)), v.trim(), v.nonEmpty(issueMessage(M.selectCountry)))),
  city: text(issueMessage(M.enterCity), CITY_MAX_LENGTH),
  phone_number: phoneNumber,
  account_type: v.picklist(ACCOUNT_TYPES, required),
  specialist_kind: v.optional(v.nullable(v.picklist(SPECIALIST_KINDS, required))),
};

const kindWhenSpecialist = (input: { account_type: AccountType; specialist_kind?: SpecialistKind | null }) =>
  input.account_type !== 'specialist' || Boolean(input.specialist_kind);

const personalObject = v.object(SignUpPersonalEntries, required);
export const SignUpPersonalSchema = v.pipe(
  personalObject,
  v.forward(v.partialCheck([['account_type'], ['specialist_kind']], kindWhenSpecialist, required), ['specialist_kind']),
);

/** Step 2 of sign-up: authorization. */
const authorizationObject = v.object({ password: PasswordSchema, password_confirmation: passwordConfirmation }, required);
export const SignUpAuthorizationSchema = v.pipe(
  authorizationObject,
  v.forward(v.partialCheck([['password'], ['password_confirmation']], passwordsMatch, mismatch), ['password_confirmation']),
);

const signUpObject = v.object(
  {
    ...SignUpPersonalEntries,
    password: PasswordSchema,
    password_confirmation: passwordConfirmation,
    locale: v.optional(v.picklist(SCHEMA_LOCALES)),
  },
  required,
);
export const SignUpSchema = v.pipe(
  signUpObject,
  v.forward(v.partialCheck([['account_type'], ['specialist_kind']], kindWhenSpecialist, required), ['specialist_kind']),
  v.forward(v.partialCheck([['password'], ['password_confirmation']], passwordsMatch, mismatch), ['password_confirmation']),
);

export const ForgotPasswordSchema = v.object({ email: email(issueMessage(M.enterEmail)) }, required);

const resetObject = v.object(
  {
    token: field(v.pipe(v.string(required), v.nonEmpty(required))),
    password: PasswordSchema,
    password_confirmation: passwordConfirmation,
  },
  required,
);
export const ResetPasswordSchema = v.pipe(
  resetObject,
  v.forward(v.partialCheck([['password'], ['password_confirmation']], passwordsMatch, mismatch), ['password_confirmation']),
);

/** The part of ResetPasswordSchema the form fills in (the token comes from the link). */
export const NewPasswordSchema = SignUpAuthorizationSchema;

/**
 * What proves the signed-in person is the account's owner before a change that could hand the
 * account to someone else (address, password, payout method): a stolen session token alone must
 * not be enough. Checked by the API, which says which one is missing.
 */
export const IdentityProofEntries = {
  current_password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH, max(PASSWORD_MAX_LENGTH)))),
  two_factor_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, max(32)))),
};

/** `PUT /auth/password`: a new password for the signed-in user, proved by the current one. */
export const ChangePasswordSchema = v.pipe(
  v.object({ ...IdentityProofEntries, password: PasswordSchema, password_confirmation: passwordConfirmation }, required),
  v.forward(v.partialCheck([['password'], ['password_confirmation']], passwordsMatch, mismatch), ['password_confirmation']),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;

export const ProfileSchema = v.object(
  {
    ...IdentityProofEntries,
    first_name: text(issueMessage(M.enterFirstName), NAME_MAX_LENGTH),
    last_name: text(issueMessage(M.enterLastName), NAME_MAX_LENGTH),
    email: email(required),
    phone_number: phoneNumber,
  },
  required,
);

export type SignInInput = v.InferInput<typeof SignInSchema>;
export type SignUpInput = v.InferInput<typeof SignUpSchema>;
export type SignUpOutput = v.InferOutput<typeof SignUpSchema>;
export type ForgotPasswordInput = v.InferInput<typeof ForgotPasswordSchema>;
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;
export type ProfileInput = v.InferInput<typeof ProfileSchema>;
