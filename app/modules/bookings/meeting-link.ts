import { z } from "zod";

/*
 * Meeting links (issue 25, decision 0047): a booking is joined either in its consultant's own
 * fixed room or in a room generated for it on the firm's Jitsi Meet server. No server code:
 * the admin form reads the rules below for its field.
 */

/**
 * The hosts a consultant's own room may be on: Google Meet, Zoom (any company subdomain, such as
 * acme.zoom.us) and Microsoft Teams (work and personal). An allow-list rather than any https
 * address: the link goes out under the firm's name in every invitation, and a typo or a pasted
 * tracking or phishing address would otherwise reach visitors.
 */
const ROOM_HOSTS = ["meet.google.com", "zoom.us", "teams.microsoft.com", "teams.live.com"];
const SUBDOMAIN_HOSTS = ["zoom.us"];

export const ROOM_URL_MESSAGE =
  "Enter the https address of a Google Meet, Zoom or Microsoft Teams meeting";

function isRoomHost(hostname: string) {
  const host = hostname.toLowerCase();
  return ROOM_HOSTS.includes(host) || SUBDOMAIN_HOSTS.some((domain) => host.endsWith(`.${domain}`));
}

/** A consultant's own room: an https address on an allowed host, or empty for a generated room. */
export const meetingRoomUrlSchema = z
  .string()
  .trim()
  .max(500, "Must be at most 500 characters")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      // Credentials in a meeting address are never meant for every visitor.
      return (
        url.protocol === "https:" &&
        isRoomHost(url.hostname) &&
        !url.username &&
        !url.password &&
        url.pathname.length > 1
      );
    } catch {
      return false;
    }
  }, ROOM_URL_MESSAGE)
  .transform((value) => (value === "" ? "" : new URL(value).toString()));

export const meetingRoomFormSchema = z.object({ meetingUrl: meetingRoomUrlSchema });

/**
 * The generated room of a booking. Its name carries the booking's 128-bit secret, so it cannot be
 * guessed from anything a visitor sees (the booking's id and UID are in every invitation), and
 * it is a plain word for Jitsi, which names rooms by the path.
 */
export function generatedRoomUrl(server: string, roomSecret: string): string {
  return `${server.replace(/\/+$/, "")}/Consultation-${roomSecret}`;
}

/** Where a booking is joined, and whose room it is (staff see which). */
export interface JoinLink {
  url: string;
  kind: "consultant" | "generated";
}
