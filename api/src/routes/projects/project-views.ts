import type { ProjectRelation, QuoteStatus } from 'shared/contract';
import type { SpecialistKind } from 'shared/schemas';
import { prepared, type Queryable } from '../../db/database';
import { barredSql, relationFlagsSql, type ProjectRow, type RelationFlags } from '../../marketplace/project-access';

/** Amounts are bigint columns: read them back as numbers (well inside the exact range, see AMOUNT_MAX). */
export const toAmount = (value: string | number | null): number | null => (value === null ? null : Number(value));

const isoDate = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** The project card of docs/product.md §2: title, created at, location, created by, quote type, bid count. */
export type ProjectCardRow = Pick<
  ProjectRow,
  'id' | 'title' | 'category' | 'status' | 'created_at' | 'country' | 'city' | 'quote_type' | 'budget_min' | 'budget_max' | 'currency'
> & { bid_count: string | number; owner_first_name: string; owner_last_name: string };

export function projectCard(row: ProjectCardRow) {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    location: { country: row.country, city: row.city },
    // Specialists see a first name and an initial, never the full name, before a contract.
    created_by: { name: `${row.owner_first_name} ${row.owner_last_name.slice(0, 1)}.`.trim() },
    quote_type: row.quote_type,
    bid_count: Number(row.bid_count),
    budget: { min: toAmount(row.budget_min), max: toAmount(row.budget_max), currency: row.currency },
  };
}

export interface DocumentRow {
  id: string;
  project_id: string;
  file_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
}

export const documentView = (row: DocumentRow) => ({
  id: row.id,
  file_name: row.file_name,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
  created_at: new Date(row.created_at).toISOString(),
  download_url: `/api/v1/projects/${row.project_id}/documents/${row.id}/download`,
});

const DOCUMENTS_OF = (project: string) => `SELECT * FROM project_documents WHERE project_id = ${project}`;
const DOCUMENTS = prepared(`${DOCUMENTS_OF('$1')} ORDER BY created_at, id`);

export async function listDocuments(db: Queryable, projectId: string) {
  const { rows } = await db.query<DocumentRow>(DOCUMENTS, [projectId]);
  return rows.map(documentView);
}

interface QuoteRow {
  id: string;
  project_id: string;
  specialist_id: string;
  amount: string;
  currency: string;
  duration_days: number;
  message: string;
  status: QuoteStatus;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  specialist_kind: SpecialistKind | null;
  verified_at: Date | string | null;
  available: boolean;
  milestones: Array<{ position: number; title: string; amount: string | number }> | null;
}

/** Quotes (with their specialists and milestone plans) of the project `project` that `condition` keeps, in the order they came. */
const QUOTES_OF = (project: string, condition: string) => `
  SELECT q.*, u.first_name, u.last_name, u.specialist_kind, u.verified_at, sp.company_name,
         NOT ${barredSql('q.specialist_id')} AS available,
         (SELECT json_agg(json_build_object('position', m.position, 'title', m.title, 'amount', m.amount) ORDER BY m.position)
            FROM quote_milestones m WHERE m.quote_id = q.id) AS milestones
    FROM quotes q
    JOIN users u ON u.id = q.specialist_id
    LEFT JOIN specialist_profiles sp ON sp.user_id = q.specialist_id
   WHERE q.project_id = ${project} AND ${condition}`;
const QUOTES = prepared(`${QUOTES_OF('$1', '($2::uuid IS NULL OR q.specialist_id = $2)')} ORDER BY q.created_at, q.id`);

/** Quotes of a project with their milestone plans; `specialistId` limits them to one specialist's own. */
export async function listQuotes(db: Queryable, projectId: string, specialistId?: string) {
  const { rows } = await db.query<QuoteRow>(QUOTES, [projectId, specialistId ?? null]);
  return rows.map(quoteView);
}

/** A quote as its readers see it; the row may come as JSON (dates as text). */
function quoteView(row: QuoteRow) {
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    duration_days: row.duration_days,
    message: row.message,
    created_at: new Date(row.created_at).toISOString(),
    specialist: {
      id: row.specialist_id,
      name: `${row.first_name} ${row.last_name}`,
      company: row.company_name ?? '',
      kind: row.specialist_kind,
      verified: row.verified_at !== null,
      // False once the platform bars the specialist: the quote can no longer be selected.
      available: row.available,
    },
    milestones: (row.milestones ?? []).map((milestone) => ({
      position: milestone.position,
      title: milestone.title,
      amount: Number(milestone.amount),
    })),
  };
}

export function projectDetail(
  row: ProjectRow & {
    bid_count: string | number;
    owner_first_name: string;
    owner_last_name: string;
    contract_id?: string | null;
    contract_contractor_id?: string | null;
  },
  relation: ProjectRelation,
  viewerId?: string,
) {
  // The escrow contract is shown to its two parties only.
  const party = relation === 'owner' || (viewerId !== undefined && viewerId === row.contract_contractor_id);
  return {
    ...projectCard(row),
    description: row.description,
    desired_start: isoDate(row.desired_start),
    design_id: row.design_id,
    updated_at: new Date(row.updated_at).toISOString(),
    relation,
    // The owner sees their own name in full.
    ...(relation === 'owner' ? { created_by: { name: `${row.owner_first_name} ${row.owner_last_name}` } } : {}),
    contract_id: party ? (row.contract_id ?? null) : null,
  };
}

/** The number of live quotes on project `p`. */
const BID_COUNT = `(SELECT count(*) FROM quotes q WHERE q.project_id = p.id AND q.status IN ('submitted', 'selected')) AS bid_count`;

/**
 * What a card or a project page reads of a project (ProjectWithOwner), under
 * alias `p`: its columns by name (the search vector is never sent, and a column
 * added later does not change the result of a statement already prepared), the
 * owner's name, the bid count and the contract.
 */
export const PROJECT_CARD_COLUMNS = `p.id, p.owner_id, p.title, p.description, p.category, p.country, p.city,
         p.budget_min, p.budget_max, p.currency, p.desired_start, p.design_id, p.status, p.quote_type, p.created_at, p.updated_at,
         u.first_name AS owner_first_name, u.last_name AS owner_last_name, ${BID_COUNT},
         c.id AS contract_id, c.contractor_id AS contract_contractor_id`;

/**
 * Only what a card shows (ProjectCardRow), under alias `p`, from `projects p`
 * joined to its owner `u`: a list neither reads, sends nor parses the
 * descriptions, dates and contracts its cards do not show.
 */
export const LISTING_CARD_COLUMNS = `p.id, p.title, p.category, p.status, p.created_at, p.country, p.city, p.quote_type,
         p.budget_min, p.budget_max, p.currency, u.first_name AS owner_first_name, u.last_name AS owner_last_name, ${BID_COUNT}`;

/** The joins `PROJECT_CARD_COLUMNS` reads from, after `projects p`. */
export const PROJECT_CARD_JOINS = `JOIN users u ON u.id = p.owner_id
    LEFT JOIN contracts c ON c.project_id = p.id AND c.quote_id IS NOT NULL`;

export const PROJECT_SELECT = `
  SELECT ${PROJECT_CARD_COLUMNS}
    FROM projects p ${PROJECT_CARD_JOINS}`;

/**
 * Everything `GET /projects/:id` shows, in one statement: the project, what
 * decides the reader's ($2) relation to it, its documents, and the quotes the
 * reader may see (all for the owner, their own for anyone else).
 */
const PROJECT_PAGE = prepared(`
  SELECT ${PROJECT_CARD_COLUMNS},
         ${relationFlagsSql('$2')},
         (SELECT json_agg(d ORDER BY d.created_at, d.id) FROM (${DOCUMENTS_OF('p.id')}) d) AS documents_json,
         (SELECT json_agg(x ORDER BY x.created_at, x.id) FROM (${QUOTES_OF('p.id', '(p.owner_id = $2 OR q.specialist_id = $2)')}) x) AS quotes_json
    FROM projects p ${PROJECT_CARD_JOINS}
   WHERE p.id = $1`);

export type ProjectPageRow = ProjectRow & {
  bid_count: string;
  owner_first_name: string;
  owner_last_name: string;
  contract_id: string | null;
  contract_contractor_id: string | null;
};

/** The project `id` as `readerId` would see it, with what decides whether they may; undefined when there is no such project. */
export async function loadProjectPage(db: Queryable, id: string, readerId: string) {
  const { rows } = await db.query<ProjectPageRow & RelationFlags & { documents_json: DocumentRow[] | null; quotes_json: QuoteRow[] | null }>(
    PROJECT_PAGE,
    [id, readerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { quoted, invited, matching, inspecting, documents_json: documents, quotes_json: quotes, ...project } = row;
  return {
    project,
    flags: { quoted, invited, matching, inspecting },
    documents: (documents ?? []).map(documentView),
    quotes: (quotes ?? []).map(quoteView),
  };
}
