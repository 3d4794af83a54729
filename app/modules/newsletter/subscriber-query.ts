import { z } from "zod";
import { SUBSCRIBER_STATUSES } from "./newsletter.schema";

/** The subscribers page's view in the URL (q, status, page), also taken by its CSV export. */
export const subscriberQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["all", ...SUBSCRIBER_STATUSES]).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type SubscriberQuery = z.output<typeof subscriberQuerySchema>;

export function parseSubscriberQuery(params: URLSearchParams): SubscriberQuery {
  return subscriberQuerySchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function subscriberSearch(
  query: SubscriberQuery,
  changes: Partial<SubscriberQuery> = {},
): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.status !== "all") params.set("status", view.status);
  if (view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
