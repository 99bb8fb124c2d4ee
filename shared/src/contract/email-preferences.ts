import * as v from 'valibot';

/**
 * The kinds of e-mail a person may turn off. Account and security e-mails
 * (verification, password, sign-in) and money e-mails (payments, releases,
 * disputes, inspections) have no category: they are always sent.
 */
export const EMAIL_CATEGORIES = ['projects', 'quotes', 'messages'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const EmailCategorySchema = v.picklist(EMAIL_CATEGORIES);

/**
 * How the e-mails of a category are sent: each as it happens, gathered in one e-mail a day
 * (what the person has not read in the product by then), or not at all.
 */
export const EMAIL_DELIVERIES = ['instant', 'daily', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];
export const EmailDeliverySchema = v.picklist(EMAIL_DELIVERIES);

/** When the daily summary leaves (UTC): 8:00 in Douala and Yaoundé, morning in Europe. */
export const DAILY_DIGEST_HOUR_UTC = 7;

/** `GET /email/preferences` and the answer to a change: every category and how it is sent. */
export const EmailPreferencesSchema = v.object({
  preferences: v.array(v.object({ category: EmailCategorySchema, delivery: EmailDeliverySchema })),
});
export type EmailPreferences = v.InferOutput<typeof EmailPreferencesSchema>;

/** `PUT /email/preferences`: how one category is sent from now on. */
export const EmailPreferenceChangeSchema = v.object({ category: EmailCategorySchema, delivery: EmailDeliverySchema });
export type EmailPreferenceChange = v.InferOutput<typeof EmailPreferenceChangeSchema>;

/** The signed link of an unsubscribe e-mail footer or `List-Unsubscribe` header. */
export const UnsubscribeQuerySchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
export type UnsubscribeQuery = v.InferOutput<typeof UnsubscribeQuerySchema>;

/** What an unsubscribe link is about, and whether that kind of e-mail is on now. */
export const UnsubscribeStateSchema = v.object({ category: EmailCategorySchema, enabled: v.boolean() });
export type UnsubscribeState = v.InferOutput<typeof UnsubscribeStateSchema>;
