import { z } from "zod";
import { WEBHOOK_EVENTS } from "./webhook-events";

/*
 * The staff form of a webhook endpoint (/admin/webhooks), read by the page for its fields and by
 * the action to parse. The events are one checkbox each, posted under the one name `events`.
 * Whether the address may be used (https, not a private address) is checked by the command,
 * which knows the server's rules (webhook-address.server.ts).
 */

export const endpointFormSchema = z.object({
  url: z
    .string("Enter the address to send the events to")
    .trim()
    .min(1, "Enter the address to send the events to")
    .max(2000, "Use an address of at most 2,000 characters"),
  description: z.string().trim().max(200, "Use a description of at most 200 characters"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, "Choose events from the list"), "Choose at least one event")
    .min(1, "Choose at least one event"),
});

export type EndpointInput = z.output<typeof endpointFormSchema>;

export const endpointIdSchema = z.object({
  endpointId: z.string("No such endpoint").trim().min(1, "No such endpoint").max(100),
});

export const deliveryIdSchema = z.object({
  deliveryId: z.string("No such delivery").trim().min(1, "No such delivery").max(100),
});
