export { isCalendarDate } from './calendar-date';
export { VALIDATION_MESSAGES } from './messages';
export { INPUT_MESSAGES } from './input-messages';
export { moneyText, optionalMoneyText } from './money-text';
export { descriptorFor, fieldErrors, issueMessage, translateMessage } from './issue-messages';
export type { FieldErrorMap, Translate } from './issue-messages';
export {
  ACCOUNT_TYPES,
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  ForgotPasswordSchema,
  NAME_MAX_LENGTH,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  ChangePasswordSchema,
  IdentityProofEntries,
  PASSWORD_MIN_LENGTH,
  PasswordSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SCHEMA_LOCALES,
  SignInSchema,
  TwoFactorCodeFormSchema,
  TwoFactorDisableFormSchema,
  CurrentPasswordFormSchema,
  AddPasskeyFormSchema,
  SignUpAuthorizationSchema,
  SignUpPersonalEntries,
  SignUpPersonalSchema,
  SignUpSchema,
  SPECIALIST_KINDS,
} from './auth-schemas';
export type {
  AccountType,
  ChangePasswordInput,
  ForgotPasswordInput,
  ProfileInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  SignUpOutput,
  SpecialistKind,
} from './auth-schemas';
export { MARKETPLACE_MESSAGES } from './marketplace-messages';
export {
  AMOUNT_MAX,
  InviteSchema,
  MILESTONES_MAX,
  MilestoneSchema,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DESCRIPTION_MIN,
  PROJECT_TITLE_MAX,
  PROJECT_TITLE_MIN,
  ProjectEntries,
  ProjectSchema,
  projectFormSchema,
  QUOTE_MESSAGE_MAX,
  quoteFormSchema,
  QuoteSchema,
  SpecialistInviteSchema,
  SpecialistProfileSchema,
} from './project-schemas';
export type { InviteInput, ProjectInput, ProjectValues, QuoteInput, QuoteValues, SpecialistProfileInput } from './project-schemas';
export { boundedText } from './bounded-text';
export {
  CompletionFormSchema,
  DISPUTE_MESSAGE_MAX,
  DisputeMessageFormSchema,
  DISPUTE_REASON_MAX,
  DISPUTE_REASON_MIN,
  DisputeFormSchema,
  disputeResolutionFormSchema,
  ESCROW_FORM_MESSAGES,
  estimateFormSchema,
  InspectionFormSchema,
  MILESTONE_NOTES_MAX,
  RESOLUTION_NOTE_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  ReviewFormSchema,
  SettlementChoiceFormSchema,
} from './escrow-forms';
export type {
  CompletionForm,
  DisputeForm,
  DisputeResolutionForm,
  EstimateForm,
  InspectionForm,
  ReviewForm,
  SettlementChoiceForm,
} from './escrow-forms';
export { ExpertChoiceSchema, NoReasonSchema } from './admin-forms';
export type { ExpertChoice } from './admin-forms';
export { DailyLogFormSchema, SITE_RECORD_FORM_MESSAGES } from './site-record-forms';
export type { DailyLogForm } from './site-record-forms';
