/**
 * The public directory of verified specialists, as anyone (signed in or not)
 * reads it: service cards with the dated checks a specialist passed, and
 * reviews that exist only for a contract completed through escrow. Nothing
 * private leaves the server here: no e-mail, phone, address or project text.
 */
import * as v from 'valibot';
import { CheckKindSchema } from './admin';
import { TimestampSchema } from './common';
import { ServiceCardSchema } from './projects';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A verification check the specialist passed, with the day it was done. */
export const PassedCheckSchema = v.object({
  kind: CheckKindSchema,
  checked_on: v.pipe(v.nullable(v.string()), v.description('ISO date (YYYY-MM-DD) of the check; null when the record has none')),
});
export type PassedCheck = v.InferOutput<typeof PassedCheckSchema>;

/** A card of `GET /professionals`. */
export const ProfessionalCardSchema = v.object({
  ...ServiceCardSchema.entries,
  verified_at: TimestampSchema,
  checks: v.array(PassedCheckSchema),
});
export type ProfessionalCard = v.InferOutput<typeof ProfessionalCardSchema>;

export const ProfessionalDirectorySchema = v.object({
  data: v.array(ProfessionalCardSchema),
  meta: v.object({ page: count, page_size: count, total: count }),
});
export type ProfessionalDirectory = v.InferOutput<typeof ProfessionalDirectorySchema>;

/** A review as the public reads it: the reviewer's first name, the trade and city of the job, never the project's own text. */
export const PublicReviewSchema = v.object({
  rating: v.pipe(count, v.minValue(1), v.maxValue(5)),
  body: v.string(),
  author: v.pipe(v.string(), v.description("The reviewer's first name")),
  trade: v.pipe(v.string(), v.description("The project's trade (a reference-book category code)")),
  city: v.string(),
  created_at: TimestampSchema,
});
export type PublicReview = v.InferOutput<typeof PublicReviewSchema>;

/** `GET /professionals/:id`. */
export const ProfessionalProfileSchema = v.object({
  ...ProfessionalCardSchema.entries,
  member_since: TimestampSchema,
  completed_contracts: count,
  reviews: v.array(PublicReviewSchema),
});
export type ProfessionalProfile = v.InferOutput<typeof ProfessionalProfileSchema>;

/** A completed contract of the signed-in client that still waits for its review (`GET /reviews/pending`). */
export const PendingReviewSchema = v.object({
  contract_id: v.string(),
  project_title: v.string(),
  specialist_id: v.string(),
  specialist_name: v.string(),
  completed_at: TimestampSchema,
});
export type PendingReview = v.InferOutput<typeof PendingReviewSchema>;

export const PendingReviewListSchema = v.object({
  /** Whether the caller is a client: only a client can review, and only a contract they completed. */
  can_review: v.boolean(),
  data: v.array(PendingReviewSchema),
});
export type PendingReviewList = v.InferOutput<typeof PendingReviewListSchema>;
