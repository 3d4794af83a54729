/*
 * The library's downloadable resources: their types and the shape of a record, plain data shared
 * by server and browser code. Guides, toolkits and reports show as "Featured Resources" on
 * /resources, whitepapers under "Research and Whitepapers", case studies under "Case Studies".
 */

export const RESOURCE_TYPES = ["guide", "toolkit", "report", "whitepaper", "case-study"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  guide: "Guide",
  toolkit: "Toolkit",
  report: "Report",
  whitepaper: "Whitepaper",
  "case-study": "Case Study",
};

/** Articles and resources are drafts until staff publish them. */
export const LIBRARY_STATUSES = ["draft", "published"] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

export const LIBRARY_STATUS_LABELS: Record<LibraryStatus, string> = {
  draft: "Draft",
  published: "Published",
};

/** The kinds of file a resource may be, and its largest size. */
export const RESOURCE_FILE_KINDS = ["pdf", "xlsx", "docx"] as const;
export const RESOURCE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export interface Resource {
  slug: string;
  type: ResourceType;
  title: string;
  summary: string;
  category: string;
  pageCount: number;
  fileId: string | null;
  /** Case studies only ("" otherwise). */
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  results: string;
  status: LibraryStatus;
  createdAt: string;
  updatedAt: string;
}
