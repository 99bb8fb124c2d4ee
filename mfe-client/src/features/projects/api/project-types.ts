import * as v from 'valibot';

/** The pieces every project answer shares (spec §2 project card). */
export const ProjectCardSchema = v.object({
  id: v.string(),
  title: v.string(),
  category: v.string(),
  status: v.string(),
  created_at: v.string(),
  location: v.object({ country: v.string(), city: v.string() }),
  created_by: v.object({ name: v.string() }),
  quote_type: v.string(),
  bid_count: v.number(),
  budget: v.object({ min: v.nullable(v.number()), max: v.nullable(v.number()), currency: v.string() }),
});
export type ProjectCard = v.InferOutput<typeof ProjectCardSchema>;

export const DocumentSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: v.number(),
  created_at: v.string(),
  download_url: v.string(),
});
export type ProjectDocument = v.InferOutput<typeof DocumentSchema>;

export const QuoteViewSchema = v.object({
  id: v.string(),
  status: v.string(),
  amount: v.number(),
  currency: v.string(),
  duration_days: v.number(),
  message: v.string(),
  created_at: v.string(),
  specialist: v.object({
    id: v.string(),
    name: v.string(),
    company: v.string(),
    kind: v.nullable(v.string()),
    verified: v.boolean(),
    /** False once the platform barred the specialist (suspended, insolvent): the quote cannot be selected. */
    available: v.optional(v.boolean()),
  }),
  milestones: v.array(v.object({ position: v.number(), title: v.string(), amount: v.number() })),
});
export type QuoteView = v.InferOutput<typeof QuoteViewSchema>;

export const ProjectDetailSchema = v.object({
  ...ProjectCardSchema.entries,
  description: v.string(),
  desired_start: v.nullable(v.string()),
  design_id: v.nullable(v.string()),
  updated_at: v.string(),
  relation: v.picklist(['owner', 'matching', 'invited', 'quoted', 'inspecting']),
  documents: v.array(DocumentSchema),
  quotes: v.optional(v.array(QuoteViewSchema), []),
  /** The escrow contract, for its two parties once a quote is selected. */
  contract_id: v.optional(v.nullable(v.string()), null),
});
export type ProjectDetail = v.InferOutput<typeof ProjectDetailSchema>;
