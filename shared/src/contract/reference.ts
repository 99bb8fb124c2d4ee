import * as v from 'valibot';

const Named = v.object({ code: v.string(), name: v.string() });

/** `GET /common/reference-book`: the lists forms need, in the caller's language. */
export const ReferenceBookSchema = v.object({
  countries: v.array(v.object({ code: v.string(), name: v.string(), currency: v.string(), cities: v.array(v.string()) })),
  category_groups: v.array(Named),
  categories: v.array(v.object({ code: v.string(), group: v.string(), name: v.string() })),
  specialist_kinds: v.array(Named),
  project_statuses: v.array(Named),
  currencies: v.array(
    v.object({
      code: v.string(),
      name: v.string(),
      minor_digits: v.pipe(v.number(), v.integer(), v.description('Digits after the decimal point: amounts are integers of these minor units.')),
    }),
  ),
});
export type ReferenceBook = v.InferOutput<typeof ReferenceBookSchema>;

/** `GET /plans`: what specialists can subscribe to, and the client offer. */
export const PlansSchema = v.object({
  transaction_fee_percent: v.pipe(v.number(), v.description('Platform fee taken on every escrow release, in percent.')),
  data: v.array(
    v.object({
      code: v.string(),
      audience: v.picklist(['specialist', 'client']),
      name: v.string(),
      monthly_price: v.pipe(v.number(), v.integer(), v.description('In minor units of `currency`; 0 for a free plan.')),
      currency: v.string(),
      features: v.array(v.string()),
    }),
  ),
});
export type Plans = v.InferOutput<typeof PlansSchema>;

/** `GET /localization/info`: the visitor's suggested locale, country and currency. */
export const LocalizationInfoSchema = v.object({
  locale: v.string(),
  country: v.string(),
  currency: v.string(),
});
export type LocalizationInfo = v.InferOutput<typeof LocalizationInfoSchema>;
