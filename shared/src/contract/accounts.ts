import * as v from 'valibot';
import { issueMessage } from '../schemas/issue-messages';
import { VALIDATION_MESSAGES } from '../schemas/messages';
import { ACCOUNT_TYPES, SCHEMA_LOCALES, SPECIALIST_KINDS } from '../schemas/auth-schemas';

export { ChangePasswordSchema, ForgotPasswordSchema, ProfileSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from '../schemas/auth-schemas';

const required = issueMessage(VALIDATION_MESSAGES.required);
const requiredText = v.pipe(v.string(required), v.nonEmpty(required));

// ---- Requests ----

/** A single-use token from an e-mailed link or a pending social link. */
export const TokenBodySchema = v.object({ token: requiredText }, required);
export type TokenBody = v.InferOutput<typeof TokenBodySchema>;

/** Confirms a pending social link with the account's password. */
export const PendingLinkPasswordSchema = v.object({ token: requiredText, password: requiredText }, required);
export type PendingLinkPassword = v.InferOutput<typeof PendingLinkPasswordSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export const SocialProviderSchema = v.picklist(SOCIAL_PROVIDERS);
export type SocialProvider = v.InferOutput<typeof SocialProviderSchema>;

// A provider this server does not offer is a 404, not a malformed request: any text gets through here.
/** `GET /auth/social/link?provider=`. */
export const SocialLinkQuerySchema = v.object({ provider: v.optional(v.string()) });
/** `POST /auth/social/callback?provider=&code=&state=`: what the provider sent the browser back with. */
export const SocialCallbackQuerySchema = v.object({
  provider: v.optional(v.string()),
  code: v.optional(v.string()),
  state: v.optional(v.string()),
});
export type SocialCallbackQuery = v.InferOutput<typeof SocialCallbackQuerySchema>;

// ---- Answers ----

/** An answer that only tells the user what happened, in their language. */
export const MessageAnswerSchema = v.object({ message: v.string() });
export type MessageAnswer = v.InferOutput<typeof MessageAnswerSchema>;

/** `POST /auth/sign-up`: the same answer whether or not the address already had an account. */
export const SignedUpSchema = v.object({ message: v.string(), email: v.string() });
export type SignedUp = v.InferOutput<typeof SignedUpSchema>;

/** A new session: the opaque token goes in the Authorization header as a bearer token. */
export const AccessTokenSchema = v.object({ access_token: v.string() });
export type AccessToken = v.InferOutput<typeof AccessTokenSchema>;

/** `POST /auth/verify-email`: a first verification also signs the person in, so the link leads straight to their account. */
export const EmailVerifiedSchema = v.object({
  message: v.string(),
  access_token: v.pipe(v.optional(v.string()), v.description('A session for the account just verified; absent for an address change.')),
});
export type EmailVerified = v.InferOutput<typeof EmailVerifiedSchema>;

/** A sign-in refused for a reason the screen explains differently from a wrong password. */
export const SignInRefusedSchema = v.pipe(
  v.object({ message: v.string(), code: v.picklist(['email_unverified', 'account_suspended']) }),
  v.description('403: the address is not verified yet, or the account is suspended.'),
);
export type SignInRefused = v.InferOutput<typeof SignInRefusedSchema>;

/** `GET /auth/social/providers`: only these get a button. */
export const SocialProvidersSchema = v.object({ providers: v.array(SocialProviderSchema) });
export type SocialProviders = v.InferOutput<typeof SocialProvidersSchema>;

/** `GET /auth/social/link`: the provider's consent page to send the browser to. */
export const SocialLinkUrlSchema = v.object({ url: v.string() });
export type SocialLinkUrl = v.InferOutput<typeof SocialLinkUrlSchema>;

/** Signed in through a provider; `password_removed` when an unconfirmed account's earlier password was dropped. */
export const SocialSignedInSchema = v.object({ access_token: v.string(), password_removed: v.optional(v.boolean()) });
export type SocialSignedIn = v.InferOutput<typeof SocialSignedInSchema>;

/** 409 of the social callback: a verified account has the address, and nothing is linked until its owner confirms. */
export const SocialLinkRequiredSchema = v.object({
  message: v.string(),
  code: v.literal('social_link_confirmation_required'),
  link_token: v.pipe(v.string(), v.description('Stands for the pending link in the confirming calls.')),
  email: v.string(),
  can_use_password: v.pipe(v.boolean(), v.description('False for an account without a password: only the e-mailed link can confirm it.')),
});
export type SocialLinkRequired = v.InferOutput<typeof SocialLinkRequiredSchema>;

export const RoleSchema = v.object({ name: v.string() });

/** `GET /auth/me`: the signed-in client, specialist or expert. */
export const MeSchema = v.object({
  id: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  /** Empty for an account created through a social provider. */
  phone_number: v.string(),
  country: v.string(),
  city: v.string(),
  locale: v.picklist(SCHEMA_LOCALES),
  photo_url: v.nullable(v.string()),
  email_verified: v.boolean(),
  verified: v.pipe(v.boolean(), v.description('The verified badge: specialists receive project requests only once verified.')),
  account_type: v.picklist(ACCOUNT_TYPES),
  specialist_kind: v.nullable(v.picklist(SPECIALIST_KINDS)),
  role: v.nullable(RoleSchema),
  permissions: v.array(v.string()),
});
export type Me = v.InferOutput<typeof MeSchema>;

/** `PUT /auth/me`: the updated user, with a message when a confirmation link went to a new address. */
export const ProfileUpdatedSchema = v.object({ ...MeSchema.entries, message: v.optional(v.string()) });
export type ProfileUpdated = v.InferOutput<typeof ProfileUpdatedSchema>;

/** `POST /auth/me/photo`. */
export const PhotoUploadedSchema = v.object({ photo_url: v.string() });
export type PhotoUploaded = v.InferOutput<typeof PhotoUploadedSchema>;

/** `GET /admin/auth/me`: the signed-in back-office admin. */
export const AdminMeSchema = v.object({
  id: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  role: v.object({ name: v.literal('admin') }),
  permissions: v.array(v.string()),
});
export type AdminMe = v.InferOutput<typeof AdminMeSchema>;

/** `GET /media/photos/:name`. */
export const PhotoParamsSchema = v.object({ name: v.string() });
