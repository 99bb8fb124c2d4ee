/**
 * The marketplace as the API answers it: projects, their documents and
 * quotes, invitations, the specialist directory and the design catalog.
 * Money is an integer of minor units beside its ISO currency.
 */
import * as v from 'valibot';
import { SPECIALIST_KINDS } from '../schemas/auth-schemas';
import { issueMessage } from '../schemas/issue-messages';
import { MARKETPLACE_MESSAGES as P } from '../schemas/marketplace-messages';
import { VALIDATION_MESSAGES as M } from '../schemas/messages';
import { MinorAmountSchema, TimestampSchema, queryInteger } from './common';

export { InviteSchema, ProjectSchema, QuoteSchema, SpecialistProfileSchema } from '../schemas/project-schemas';
export type { InviteInput, ProjectInput, ProjectValues, QuoteInput, QuoteValues, SpecialistProfileInput } from '../schemas/project-schemas';

const timestamp = TimestampSchema;
const minorUnits = MinorAmountSchema;
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const PageMetaEntries = { page: count, page_size: count, total: count };

// ——— Projects ———

export const PROJECT_STATUS_CODES = ['draft', 'open', 'contracted', 'in_progress', 'completed', 'cancelled'] as const;
export const ProjectStatusSchema = v.picklist(PROJECT_STATUS_CODES);
export type ProjectStatus = v.InferOutput<typeof ProjectStatusSchema>;

/** How the caller stands towards a project; anyone else gets 404. */
export const ProjectRelationSchema = v.picklist(['owner', 'matching', 'invited', 'quoted', 'inspecting']);
export type ProjectRelation = v.InferOutput<typeof ProjectRelationSchema>;

/** The project card of the lists (docs/product.md §2). */
export const ProjectCardSchema = v.object({
  id: v.string(),
  title: v.string(),
  category: v.string(),
  status: ProjectStatusSchema,
  created_at: timestamp,
  // A draft may not have its place yet: blank strings then.
  location: v.object({ country: v.string(), city: v.string() }),
  created_by: v.pipe(v.object({ name: v.string() }), v.description('First name and initial; the owner sees their full name')),
  quote_type: v.string(),
  bid_count: count,
  budget: v.object({ min: v.nullable(minorUnits), max: v.nullable(minorUnits), currency: v.string() }),
});
export type ProjectCard = v.InferOutput<typeof ProjectCardSchema>;

export const ProjectListSchema = v.object({ data: v.array(ProjectCardSchema), meta: v.object(PageMetaEntries) });
export type ProjectList = v.InferOutput<typeof ProjectListSchema>;

export const ProjectListQuerySchema = v.object({
  status: v.optional(ProjectStatusSchema),
  category: v.optional(v.pipe(v.string(), v.maxLength(40))),
  country: v.optional(v.pipe(v.string(), v.maxLength(2))),
  city: v.optional(v.pipe(v.string(), v.maxLength(100))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  sort: v.optional(v.picklist(['newest', 'oldest']), 'newest'),
  page: queryInteger(1, 10_000),
  page_size: queryInteger(12, 50),
});
export type ProjectListQuery = v.InferInput<typeof ProjectListQuerySchema>;

/** `?draft=true` on create and edit keeps the project an unfinished draft. */
export const DraftQuerySchema = v.object({
  draft: v.pipe(
    v.optional(v.string()),
    v.description('`true`: save as a draft, checked only for the fields given'),
    v.transform((value) => value === 'true'),
  ),
});

/** A form field as JSON carries it: text, or null/absent when left blank; `message` when it is anything else. */
const formText = (message: string) => v.optional(v.nullable(v.string(message)));
const formAmount = v.optional(v.nullable(v.union([v.number(), v.string()], issueMessage(P.amount))));

/**
 * The JSON body of `PUT /projects/:id`: the project's fields as the form sends
 * them, each wrong type refused with the form's own message. The API then
 * checks them whole (`ProjectSchema`), or only those given for a draft.
 */
export const ProjectFieldsSchema = v.object({
  title: formText(issueMessage(M.required)),
  description: formText(issueMessage(M.required)),
  category: formText(issueMessage(P.chooseCategory)),
  country: formText(issueMessage(M.selectCountry)),
  city: formText(issueMessage(M.enterCity)),
  currency: formText(issueMessage(P.chooseCurrency)),
  budget_min: formAmount,
  budget_max: formAmount,
  desired_start: formText(issueMessage(P.date)),
  design_id: formText(issueMessage(M.required)),
});
export type ProjectFields = v.InferInput<typeof ProjectFieldsSchema>;

export const ProjectDocumentSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: count,
  created_at: timestamp,
  download_url: v.string(),
});
export type ProjectDocument = v.InferOutput<typeof ProjectDocumentSchema>;

export const ProjectDocumentListSchema = v.object({ data: v.array(ProjectDocumentSchema) });
export type ProjectDocumentList = v.InferOutput<typeof ProjectDocumentListSchema>;

export const ProjectDocumentParamsSchema = v.object({ id: v.string(), documentId: v.string() });

export const QuoteStatusSchema = v.picklist(['submitted', 'selected', 'rejected', 'withdrawn']);
export type QuoteStatus = v.InferOutput<typeof QuoteStatusSchema>;

/** A quote with its milestone plan; the owner sees every quote, a specialist only their own. */
export const QuoteViewSchema = v.object({
  id: v.string(),
  status: QuoteStatusSchema,
  amount: minorUnits,
  currency: v.string(),
  duration_days: count,
  message: v.string(),
  created_at: timestamp,
  specialist: v.object({
    id: v.string(),
    name: v.string(),
    company: v.string(),
    kind: v.nullable(v.picklist(SPECIALIST_KINDS)),
    verified: v.boolean(),
    available: v.pipe(v.boolean(), v.description('False once the platform bars the specialist: the quote can no longer be selected')),
  }),
  milestones: v.array(v.object({ position: count, title: v.string(), amount: minorUnits })),
});
export type QuoteView = v.InferOutput<typeof QuoteViewSchema>;

export const QuoteListSchema = v.object({ data: v.array(QuoteViewSchema) });
export type QuoteList = v.InferOutput<typeof QuoteListSchema>;

export const QuoteParamsSchema = v.object({ id: v.string(), quoteId: v.string() });

/** A project as one of its readers sees it, with its documents and (on `GET`) the quotes they may see. */
export const ProjectDetailSchema = v.object({
  ...ProjectCardSchema.entries,
  description: v.string(),
  desired_start: v.nullable(v.pipe(v.string(), v.description('ISO 8601 date'))),
  design_id: v.nullable(v.string()),
  updated_at: timestamp,
  relation: ProjectRelationSchema,
  documents: v.array(ProjectDocumentSchema),
  quotes: v.optional(v.array(QuoteViewSchema), []),
  contract_id: v.pipe(v.nullable(v.string()), v.description('The escrow contract, for its two parties once a quote is selected')),
});
export type ProjectDetail = v.InferOutput<typeof ProjectDetailSchema>;

/** Whom a project reaches, for its owner: a request nobody receives gets no quote. */
export const ProjectReachSchema = v.object({
  specialists: v.pipe(
    count,
    v.description('Verified specialists of its trade who work in its city (or the whole country): they hear of it while it is open'),
  ),
  elsewhere_in_country: v.pipe(count, v.description('Verified specialists of its trade who work only in other cities of its country')),
});
export type ProjectReach = v.InferOutput<typeof ProjectReachSchema>;

/** The owner's choice: the project is contracted and its escrow contract begun. */
export const QuoteSelectionSchema = v.object({
  project_id: v.string(),
  status: v.literal('contracted'),
  contract_id: v.nullable(v.string()),
  selected_quote: QuoteViewSchema,
  quotes: v.array(QuoteViewSchema),
});
export type QuoteSelection = v.InferOutput<typeof QuoteSelectionSchema>;

// ——— Invitations ———

export const InviteStatusSchema = v.picklist(['pending', 'accepted', 'declined']);
export type InviteStatus = v.InferOutput<typeof InviteStatusSchema>;

export const InviteViewSchema = v.object({
  id: v.string(),
  status: InviteStatusSchema,
  message: v.string(),
  created_at: timestamp,
  responded_at: v.nullable(timestamp),
  project: v.nullable(v.object({ id: v.string(), title: v.nullable(v.string()) })),
  inviter: v.object({ id: v.string(), name: v.string() }),
  specialist: v.nullable(v.object({ id: v.string(), name: v.nullable(v.string()) })),
  email: v.pipe(v.nullable(v.string()), v.description('The address of an invitation to join the platform')),
});
export type InviteView = v.InferOutput<typeof InviteViewSchema>;

export const InviteListSchema = v.object({ data: v.array(InviteViewSchema) });
export type InviteList = v.InferOutput<typeof InviteListSchema>;

/** Any other status lists them all. */
export const InviteListQuerySchema = v.object({ status: v.optional(v.string()) });

// ——— Specialists ———

/** The kinds of specialist the directory lists (experts are assigned, not chosen). */
export const DIRECTORY_KINDS = ['contractor', 'vendor', 'artisan'] as const;

/** The service card of the directory (docs/product.md §2). */
export const ServiceCardSchema = v.object({
  id: v.string(),
  title: v.string(),
  subtitle: v.string(),
  description: v.string(),
  company: v.string(),
  contact_name: v.string(),
  role_label: v.picklist(['professional', 'contractor', 'vendor']),
  kind: v.picklist(DIRECTORY_KINDS),
  categories: v.pipe(v.array(v.string()), v.description('The broad category groups of the trades')),
  trades: v.array(v.string()),
  location: v.object({ country: v.string(), cities: v.pipe(v.array(v.string()), v.description('Empty: the whole country')) }),
  photo_url: v.nullable(v.string()),
  verified: v.boolean(),
  rating: v.pipe(v.nullable(v.number()), v.description('Average of verified reviews, one decimal; null without any')),
  review_count: count,
});
export type ServiceCard = v.InferOutput<typeof ServiceCardSchema>;

export const SpecialistDirectorySchema = v.object({ data: v.array(ServiceCardSchema), meta: v.object(PageMetaEntries) });
export type SpecialistDirectory = v.InferOutput<typeof SpecialistDirectorySchema>;

export const SpecialistDirectoryQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  category: v.optional(v.pipe(v.string(), v.maxLength(40))),
  kind: v.optional(v.picklist(DIRECTORY_KINDS)),
  country: v.optional(v.pipe(v.string(), v.maxLength(2))),
  city: v.optional(v.pipe(v.string(), v.maxLength(100))),
  page: queryInteger(1, 10_000),
  page_size: queryInteger(12, 50),
});
export type SpecialistDirectoryQuery = v.InferInput<typeof SpecialistDirectoryQuerySchema>;

/** A verified review: one per contract, written after its final release. */
export const SpecialistReviewSchema = v.object({
  rating: v.number(),
  body: v.string(),
  author: v.pipe(v.string(), v.description("The reviewer's first name")),
  project_title: v.string(),
  created_at: timestamp,
});
export type SpecialistReview = v.InferOutput<typeof SpecialistReviewSchema>;

/** A verified specialist's public profile. */
export const SpecialistPublicProfileSchema = v.object({
  ...ServiceCardSchema.entries,
  member_since: timestamp,
  verified_at: timestamp,
  reviews: v.array(SpecialistReviewSchema),
});
export type SpecialistPublicProfile = v.InferOutput<typeof SpecialistPublicProfileSchema>;

/** The signed-in specialist's own services, which decide the requests they receive. */
export const OwnSpecialistProfileSchema = v.object({
  company_name: v.string(),
  headline: v.string(),
  description: v.string(),
  categories: v.array(v.string()),
  service_country: v.string(),
  service_cities: v.array(v.string()),
  verified: v.boolean(),
});
export type OwnSpecialistProfile = v.InferOutput<typeof OwnSpecialistProfileSchema>;

// ——— Design catalog ———

export const DESIGN_TIERS = ['standard', 'premium', 'luxury'] as const;
export const DesignTierSchema = v.picklist(DESIGN_TIERS);
export type DesignTier = v.InferOutput<typeof DesignTierSchema>;

/** One home design, its cost estimated for the region and currency asked for. */
export const DesignSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  tier: DesignTierSchema,
  rooms: count,
  area_m2: count,
  image_url: v.string(),
  estimated_cost: v.object({
    currency: v.string(),
    country: v.pipe(v.nullable(v.string()), v.description('Where the estimate is for; null: French prices')),
    min: minorUnits,
    max: minorUnits,
  }),
});
export type Design = v.InferOutput<typeof DesignSchema>;

export const DesignListSchema = v.object({ data: v.array(DesignSchema), meta: v.object(PageMetaEntries) });
export type DesignList = v.InferOutput<typeof DesignListSchema>;

export const DesignImageParamsSchema = v.object({ file: v.string() });

/**
 * The parameters of `GET /designs`, as text: the API reads them itself, to
 * name each wrong one in the caller's language.
 */
export const DesignListQuerySchema = v.object({
  featured: v.optional(v.pipe(v.string(), v.description('true or false'))),
  limit: v.optional(v.pipe(v.string(), v.description('Page size, 1 to 24 (also `page_size`)'))),
  page_size: v.optional(v.string()),
  page: v.optional(v.string()),
  locale: v.optional(v.pipe(v.string(), v.description('en or fr; by default the Accept-Language'))),
  currency: v.optional(v.pipe(v.string(), v.description('ISO code; EUR in French, USD in English by default'))),
  country: v.optional(v.pipe(v.string(), v.description('Where the house would be built: scales the estimate'))),
  tier: v.optional(v.pipe(v.string(), v.description('Comma-separated tiers'))),
  rooms_min: v.optional(v.string()),
  rooms_max: v.optional(v.string()),
  q: v.optional(v.string()),
});
